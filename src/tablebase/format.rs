//! A table's file: a 20-byte header, then one entry per index in 1 or 2 bytes (little
//! endian), checked by a CRC-32 of the entries.
//!
//! | bytes | field |
//! |---|---|
//! | 0–3 | `JTB1` |
//! | 4 | format version, 1 |
//! | 5 | bytes per entry, 1 or 2 |
//! | 6, 7 | the side to move's and the other side's animals (bit sets) |
//! | 8–11 | entries |
//! | 12–13 | the longest distance in the table, in plies |
//! | 14–15 | 0 |
//! | 16–19 | CRC-32 of the entries' bytes |

use super::index::Layout;
use super::material::Material;
use super::value::Value;

const MAGIC: &[u8; 4] = b"JTB1";
const VERSION: u8 = 1;
/// Bytes before the entries.
pub const HEADER: usize = 20;

/// One material set's table, as read from its file.
#[derive(Clone, Debug)]
pub struct Table {
    layout: Layout,
    width: usize,
    longest: u16,
    bytes: Vec<u8>,
}

impl Table {
    /// A table from solved entries.
    pub fn from_entries(material: Material, entries: &[u16]) -> Table {
        let longest = entries.iter().map(|&e| Value::from_entry(e).plies()).max().unwrap_or(0);
        let width = if entries.iter().all(|&e| e <= 0xff) { 1 } else { 2 };
        let mut bytes = Vec::with_capacity(HEADER + entries.len() * width);
        bytes.extend(MAGIC);
        bytes.extend([VERSION, width as u8, material.ours, material.theirs]);
        bytes.extend((entries.len() as u32).to_le_bytes());
        bytes.extend(longest.to_le_bytes());
        bytes.extend([0, 0, 0, 0, 0, 0]);
        for &e in entries {
            bytes.extend(&e.to_le_bytes()[..width]);
        }
        let crc = crc32fast::hash(&bytes[HEADER..]);
        bytes[16..20].copy_from_slice(&crc.to_le_bytes());
        Table { layout: Layout::new(material), width, longest, bytes }
    }

    /// Reads a table's file, checking its header, its size and its checksum; `expected` is
    /// the material its name promises, if any.
    pub fn from_bytes(bytes: Vec<u8>, expected: Option<Material>) -> Result<Table, String> {
        if bytes.len() < HEADER || &bytes[..4] != MAGIC {
            return Err("not a Jungle tablebase file".into());
        }
        if bytes[4] != VERSION {
            return Err(format!("tablebase format {} (this build reads {VERSION})", bytes[4]));
        }
        let width = usize::from(bytes[5]);
        let material = Material { ours: bytes[6], theirs: bytes[7] };
        if !(1..=2).contains(&width) || material.ours == 0 || material.theirs == 0 {
            return Err("a damaged tablebase header".into());
        }
        if expected.is_some_and(|m| m != material) {
            return Err(format!("the file holds {material}, not {}", expected.unwrap_or(material)));
        }
        let layout = Layout::new(material);
        let entries = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes")) as usize;
        if entries != layout.len() || bytes.len() != HEADER + entries * width {
            return Err(format!(
                "{material}: {} bytes, {} expected",
                bytes.len(),
                HEADER + layout.len() * width
            ));
        }
        let crc = u32::from_le_bytes(bytes[16..20].try_into().expect("4 bytes"));
        if crc32fast::hash(&bytes[HEADER..]) != crc {
            return Err(format!("{material}: the checksum does not match (a damaged file)"));
        }
        let longest = u16::from_le_bytes([bytes[12], bytes[13]]);
        Ok(Table { layout, width, longest, bytes })
    }

    /// The file's bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The material set.
    pub fn material(&self) -> Material {
        self.layout.material()
    }

    /// The layout of its index.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The longest distance in the table, in plies.
    pub fn longest(&self) -> u16 {
        self.longest
    }

    /// The value of entry `index`.
    pub fn value(&self, index: usize) -> Value {
        let at = HEADER + index * self.width;
        let entry = match self.width {
            1 => u16::from(self.bytes[at]),
            _ => u16::from_le_bytes([self.bytes[at], self.bytes[at + 1]]),
        };
        Value::from_entry(entry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_reads_back_and_a_damaged_one_is_refused() {
        let m = Material::parse("EvR").unwrap();
        let len = Layout::new(m).len();
        let entries: Vec<u16> = (0..len).map(|i| (i % 7) as u16).collect();
        let table = Table::from_entries(m, &entries);
        let back = Table::from_bytes(table.bytes().to_vec(), Some(m)).unwrap();
        assert!((0..len).all(|i| back.value(i) == Value::from_entry(entries[i])));
        assert_eq!(back.longest(), 5);
        let mut damaged = table.bytes().to_vec();
        damaged[HEADER + 3] ^= 1;
        assert!(Table::from_bytes(damaged, Some(m)).unwrap_err().contains("checksum"));
        let other = Material::parse("RvE").unwrap();
        assert!(Table::from_bytes(table.bytes().to_vec(), Some(other)).unwrap_err().contains("holds EvR"));
        assert!(Table::from_bytes(table.bytes()[..100].to_vec(), None).is_err());
        assert!(Table::from_bytes(b"hello".to_vec(), None).is_err());
        // Wide entries take two bytes.
        let wide: Vec<u16> = (0..len).map(|i| (i % 300) as u16).collect();
        let table = Table::from_entries(m, &wide);
        assert_eq!(table.bytes().len(), HEADER + 2 * len);
        assert_eq!(
            Table::from_bytes(table.bytes().to_vec(), None).unwrap().value(299),
            Value::from_entry(299)
        );
    }
}

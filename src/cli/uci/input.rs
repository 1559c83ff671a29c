//! The protocol's input, read on its own thread: lines of at most [`MAX_LINE`] bytes, so that
//! no input makes the engine hold more, handed to the session one at a time.

use super::wire::Event;
use std::io::{BufRead, BufReader, ErrorKind, Read};
use std::sync::mpsc::SyncSender;

/// The longest line accepted, in bytes, without its line end.
pub const MAX_LINE: usize = 1 << 20;

/// Reads `input` to its end, sending each line (or its refusal) and then [`Event::End`].
/// Returns early if the session no longer listens.
pub fn read_lines(input: impl Read, events: SyncSender<Event>) {
    let mut reader = BufReader::with_capacity(64 * 1024, input);
    loop {
        let event = next_line(&mut reader);
        let end = matches!(event, Event::End);
        if events.send(event).is_err() || end {
            return;
        }
    }
}

/// The next line without its `\n`: [`Event::Line`], [`Event::TooLong`] for a line over
/// [`MAX_LINE`] bytes (read to its end but not kept), or [`Event::End`]. A read error
/// counts as the end of the input.
pub fn next_line(reader: &mut impl BufRead) -> Event {
    let mut line = Vec::new();
    let mut length = 0u64;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => &[],
        };
        if chunk.is_empty() {
            // The end of the input ends an unfinished last line too.
            return if length == 0 { Event::End } else { finished(line, length) };
        }
        let newline = chunk.iter().position(|&b| b == b'\n');
        let piece = &chunk[..newline.unwrap_or(chunk.len())];
        length += piece.len() as u64;
        if length <= MAX_LINE as u64 {
            line.extend_from_slice(piece);
        } else if !line.is_empty() {
            line = Vec::new();
        }
        let used = piece.len() + usize::from(newline.is_some());
        reader.consume(used);
        if newline.is_some() {
            return finished(line, length);
        }
    }
}

fn finished(line: Vec<u8>, length: u64) -> Event {
    if length > MAX_LINE as u64 {
        Event::TooLong(length)
    } else {
        Event::Line(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<Event> {
        // A tiny buffer, so that lines arrive in many pieces.
        let mut reader = BufReader::with_capacity(7, input);
        let mut events = Vec::new();
        loop {
            let event = next_line(&mut reader);
            let end = event == Event::End;
            events.push(event);
            if end {
                return events;
            }
        }
    }

    #[test]
    fn lines_with_and_without_an_end() {
        let read = lines(b"uci\r\n\nisready\ngo depth 3");
        let expected = [b"uci\r".as_slice(), b"", b"isready", b"go depth 3"];
        let mut want: Vec<Event> = expected.iter().map(|l| Event::Line(l.to_vec())).collect();
        want.push(Event::End);
        assert_eq!(read, want);
        assert_eq!(lines(b""), vec![Event::End]);
    }

    #[test]
    fn a_line_over_the_limit_is_refused_whole_and_the_next_one_read() {
        let mut input = vec![b'x'; MAX_LINE];
        input.extend_from_slice(b"\n");
        input.extend(vec![b'y'; MAX_LINE + 1]);
        input.extend_from_slice(b"\nisready");
        let read = lines(&input);
        assert_eq!(read.len(), 4);
        assert_eq!(read[0], Event::Line(vec![b'x'; MAX_LINE]));
        assert_eq!(read[1], Event::TooLong(MAX_LINE as u64 + 1));
        assert_eq!(read[2], Event::Line(b"isready".to_vec()));
    }
}

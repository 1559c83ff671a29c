// The variant options of the rules, as RULES.md names them, with their values (default first).

export const RULE_OPTIONS = [
  ['first', 'red, blue'],
  ['elephant-takes-rat', 'no, yes'],
  ['rat-edge-capture', 'yes, no'],
  ['rat-water-takes-elephant', 'no, yes'],
  ['dog-swims', 'no, yes'],
  ['ranks', 'standard, dog-over-wolf, fox'],
  ['lion-tiger', 'lion, tiger, equal'],
  ['lion-jumps', 'both, horizontal, vertical, none'],
  ['tiger-jumps', 'both, horizontal, vertical, none'],
  ['leopard-jumps', 'none, both, horizontal, vertical'],
  ['traps', 'enemy, universal'],
  ['trapped-attacker', 'full, powerless'],
  ['chase-rules', 'off, on'],
  ['repetition', 'draw, off'],
  ['no-capture-limit', '200, 0, …'],
  ['game', 'jungle, animal-checkers'],
];

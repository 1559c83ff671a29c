"""The attacks of issue 33 replayed by scripts/attack-server: one module per kind of attack,
each attack an `async` function of the site that answers (held, what was measured); held is
None when the attack cannot be replayed on this machine (the measurement then says why)."""

"""Use cases: one module per command, typed request -> typed report."""

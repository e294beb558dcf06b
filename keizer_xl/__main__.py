"""``python -m keizer_xl``: the command line, for a Python whose scripts folder is not on PATH."""
from keizer_xl.frontends.cli import main

raise SystemExit(main())

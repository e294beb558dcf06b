"""What the tests share (issue 38 item 5): builders of seasons and workbooks, independent
references, fakes, checks and probes.  Test files import from here (``from support.helpers
import season``), never from one another; tests/conftest.py puts tests/ on the path."""

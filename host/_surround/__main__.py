"""`python -m surround`: the `surround` command (host.cli)."""

import sys

from host.cli import main

sys.exit(main())

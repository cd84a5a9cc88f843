"""Allow `python -m host` as a synonym of the `surround` command."""

import sys

from host.cli import main

sys.exit(main())

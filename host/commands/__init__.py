"""One module per `surround` sub-command; each has register(subparsers)."""

"""An Atari XL/XE emulator on py65: one module per chip, plus loaders and front-ends."""

#: the distribution this package comes with (host/resources.py checks that the ``emulator``
#: it imports is this one, not another distribution's package of the same generic name)
DISTRIBUTION = "surround-xl"

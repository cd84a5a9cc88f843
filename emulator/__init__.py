"""An Atari XL/XE emulator on py65: one module per chip, plus loaders and front-ends."""

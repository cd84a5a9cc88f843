; syntax.s - (being written)
SYNTAX: SEC
        RTS

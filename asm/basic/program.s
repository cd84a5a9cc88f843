; program.s - (being written)

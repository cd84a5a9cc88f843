; files.s - (being written)

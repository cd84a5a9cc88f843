; list.s - (being written)

"""Bluffer: invent a false answer to a strange but true question, and find the true one."""

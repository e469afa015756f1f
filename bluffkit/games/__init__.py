"""The games of bluffkit, one package each.

Each package registers its game's spec (:class:`bluffkit.core.spec.GameSpec`) when it
is imported; the registry imports every package here the first time it is asked, so
a new game is one new package and nothing else.
"""

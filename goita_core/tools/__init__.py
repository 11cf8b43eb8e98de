"""The programs around the rules: the terminal game, the command line, the arena, and the
engine protocol (both the engine side and the host that runs engine processes).

Unlike the rest of ``goita_core``, these modules do I/O (terminals, files, subprocesses).
The pure rules never import this package; import-linter checks that in CI.
"""

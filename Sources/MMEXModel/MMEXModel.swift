// Module MMEXModel: see design.md for its layer. Filled in by its issue.

// Module MMEXLegacy: see design.md for its layer. Filled in by its issue.

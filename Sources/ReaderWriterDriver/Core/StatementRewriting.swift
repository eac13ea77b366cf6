import SQLiteEngine

/// The reader/writer driver's planted-bug hook (`StatementRewriter`): every statement it prepares passes through it.
/// Off in production.
package let statementRewriter = StatementRewriter()

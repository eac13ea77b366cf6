import SQLiteEngine

/// The legacy driver's planted-bug hook (`StatementRewriter`): every statement it prepares, rendered from the query
/// builder or given as raw SQL, passes through it. Off in production.
package let statementRewriter = StatementRewriter()

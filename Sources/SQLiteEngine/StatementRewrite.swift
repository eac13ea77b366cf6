/// A change to the SQL text a driver prepares, planted by test machinery to measure what the differential suite
/// catches (the planted-bug run); returns the text unchanged when it does not apply.
package typealias StatementRewrite = @Sendable (_ sql: String) -> String

extension EngineConnection {
    /// The SQL text a driver prepares for `sql` on this connection: `sql` itself unless ``statementRewrite`` is set.
    ///
    /// Both drivers pass every statement they prepare (rendered from the query builder or given as SQL text)
    /// through it, and nothing else: a connection's own set-up (keys, pragmas, transactions) is never rewritten.
    @inline(__always)
    package func driverSQL(_ sql: String) -> String {
        guard let statementRewrite else { return sql }
        return statementRewrite(sql)
    }
}

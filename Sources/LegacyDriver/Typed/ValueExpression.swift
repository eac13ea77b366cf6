import SQLiteEngine

extension Value {
    /// A plain value used where SQL expects an expression (`select(1)`, `select(col, 0)`), bound as `?`.
    public var expression: Expression<Void> { Expression("?", [boundValue]) }
}

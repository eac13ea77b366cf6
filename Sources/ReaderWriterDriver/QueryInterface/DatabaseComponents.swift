// GRDB 7's column closures: a request names its columns through the record's `Columns` type
// (`Player.filter { $0.name == "Arthur" }.order { $0.score.desc }`), so a column's name is written once, in the
// record, and a misspelled one fails to compile. Each closure form builds its terms and hands them to the existing
// refinement that takes expressions; nothing here writes SQL of its own.

extension TableRecord where DatabaseComponents == Columns.Type {
    /// `Columns.self`, the default value the column closures receive: `$0.name` is `Columns.name`, whether `Columns`
    /// holds `static let` columns or is an `enum Columns: String, ColumnExpression`.
    public static var databaseComponents: DatabaseComponents { Columns.self }
}

extension TableRecord {
    /// The rows that satisfy the predicate the closure builds from the record's columns
    /// (`Player.filter { $0.name == "Arthur" }`).
    ///
    /// The closure returns an SQL expression proper, as in GRDB, so `Player.filter { 42 }` does not compile.
    public static func filter(
        _ predicate: (DatabaseComponents) throws -> any SQLSpecificExpressible
    ) rethrows -> QueryInterfaceRequest<Self> {
        try all().filter(predicate)
    }

    /// The rows sorted by the term the closure builds from the record's columns (`Player.order { $0.score.desc }`).
    public static func order(
        _ orderings: (DatabaseComponents) throws -> any SQLOrderingTerm
    ) rethrows -> QueryInterfaceRequest<Self> {
        try all().order(orderings)
    }

    /// The rows sorted by the terms the closure builds from the record's columns
    /// (`Player.order { [$0.score.desc, $0.name] }`).
    public static func order(
        _ orderings: (DatabaseComponents) throws -> [any SQLOrderingTerm]
    ) rethrows -> QueryInterfaceRequest<Self> {
        try all().order(orderings)
    }

    /// The column or expression the closure picks instead of `*` (`Player.select { $0.name }`), still fetched as
    /// records.
    public static func select(
        _ selection: (DatabaseComponents) throws -> any SQLSelectable
    ) rethrows -> QueryInterfaceRequest<Self> {
        try all().select(selection)
    }

    /// The columns or expressions the closure picks instead of `*` (`Player.select { [$0.id, $0.name] }`), still
    /// fetched as records.
    public static func select(
        _ selection: (DatabaseComponents) throws -> [any SQLSelectable]
    ) rethrows -> QueryInterfaceRequest<Self> {
        try all().select(selection)
    }

    /// The one expression the closure picks, fetched as values of `type`
    /// (`Player.select({ $0.name }, as: String.self)`, `Player.select({ max($0.score) }, as: Int.self)`).
    public static func select<RowDecoder>(
        _ selection: (DatabaseComponents) throws -> any SQLSelectable,
        as type: RowDecoder.Type = RowDecoder.self
    ) rethrows -> QueryInterfaceRequest<RowDecoder> {
        try all().select(selection, as: type)
    }
}

extension QueryInterfaceRequest where RowDecoder: TableRecord {
    /// What the column closures of a request of records receive: the record's ``TableRecord/DatabaseComponents``.
    public typealias DatabaseComponents = RowDecoder.DatabaseComponents

    /// Only the rows that also satisfy the predicate the closure builds from the record's columns
    /// (`Player.all().filter { $0.score > 1000 }`).
    public func filter(_ predicate: (DatabaseComponents) throws -> any SQLSpecificExpressible) rethrows -> Self {
        try filter(predicate(RowDecoder.databaseComponents))
    }

    /// The rows sorted by the term the closure builds, replacing any earlier order
    /// (`Player.all().order { $0.name }`).
    public func order(_ ordering: (DatabaseComponents) throws -> any SQLOrderingTerm) rethrows -> Self {
        try order(ordering(RowDecoder.databaseComponents))
    }

    /// The rows sorted by the terms the closure builds, replacing any earlier order
    /// (`Player.all().order { [$0.score.desc, $0.name] }`).
    public func order(_ orderings: (DatabaseComponents) throws -> [any SQLOrderingTerm]) rethrows -> Self {
        try order(orderings(RowDecoder.databaseComponents))
    }

    /// The column or expression the closure picks, replacing the current selection (`Player.all().select { $0.name }`).
    public func select(_ selection: (DatabaseComponents) throws -> any SQLSelectable) rethrows -> Self {
        try select(selection(RowDecoder.databaseComponents))
    }

    /// The columns or expressions the closure picks, replacing the current selection
    /// (`Player.all().select { [$0.id, $0.name] }`).
    public func select(_ selection: (DatabaseComponents) throws -> [any SQLSelectable]) rethrows -> Self {
        try select(selection(RowDecoder.databaseComponents))
    }

    /// The one expression the closure picks, fetched as values of `type`
    /// (`Player.all().select({ $0.name }, as: String.self)`).
    public func select<T>(
        _ selection: (DatabaseComponents) throws -> any SQLSelectable,
        as type: T.Type = T.self
    ) rethrows -> QueryInterfaceRequest<T> {
        try select(selection(RowDecoder.databaseComponents), as: type)
    }

    /// Groups the rows by the expression the closure builds (`.group { $0.teamId }`), replacing any earlier grouping.
    public func group(_ expression: (DatabaseComponents) throws -> any SQLExpressible) rethrows -> Self {
        try group(expression(RowDecoder.databaseComponents))
    }

    /// Groups the rows by the expressions the closure builds (`.group { [$0.teamId, $0.level] }`), replacing any
    /// earlier grouping.
    public func group(_ expressions: (DatabaseComponents) throws -> [any SQLExpressible]) rethrows -> Self {
        var request = self
        request.groups = try expressions(RowDecoder.databaseComponents).map(\.sqlExpression)
        return request
    }

    /// Keeps the groups that satisfy the predicate the closure builds (`.having { max($0.score) > 1000 }`).
    public func having(_ predicate: (DatabaseComponents) throws -> any SQLExpressible) rethrows -> Self {
        try having(predicate(RowDecoder.databaseComponents))
    }
}

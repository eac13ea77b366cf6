import PersistenceSession

/// The SQLite failure an error's description reports, in the one form the tools compare (``ComparedErrors``):
/// SQLite's primary result code and, for a constraint (code 19), the constraint SQLite's message names (its kind,
/// table and columns), for any other code SQLite's message. `SQLite error 19 [unique on note(body)]`,
/// `SQLite error 19 [foreignKey]`, `SQLite error 1 [no such table: folder]`.
///
/// Read from (each after an optional `TypeName: ` the tools' type-and-description puts first): this form itself;
/// GRDB's `DatabaseError` (`SQLite error 19: MESSAGE - while executing ...`); SQLite.swift's `Result`
/// (`MESSAGE (SQL) (code: 19)`, `(extended code: 2067)`); the integrations' SQLite.swift failure (`SQLite error
/// 19/2067: MESSAGE`); this toolkit's `SQLiteError` and reader/writer `DatabaseError` (`SQLITE_CONSTRAINT
/// (19/2067): MESSAGE [SQL: ...]`); a session's `PersistenceError` (`constraint violated: unique on T(C)`,
/// `database error 1/1: MESSAGE`).
///
/// The constraint's kind is the one SQLite's message names, else the extended code's; a `PRIMARY KEY` reads as
/// `unique`, because SQLite's message says `UNIQUE constraint failed` for both and a library that reports only
/// the primary code (SQLite.swift) cannot tell them apart.
struct SQLiteErrorText: Hashable, CustomStringConvertible {
    let code: Int32
    /// What follows the code: the constraint (`unique on note(body)`) or SQLite's message; empty when the form
    /// read carried none.
    let detail: String

    init?(_ described: String) {
        var text = Substring(described)
        // The type-and-description form puts the error's type first (`DatabaseError: SQLite error 19: ...`); a type
        // name has no spaces, which the words before the first colon of every form read here have.
        if let colon = text.range(of: ": "), !text[..<colon.lowerBound].contains(" ") { text = text[colon.upperBound...] }
        guard let form = Self.read(text) else { return nil }
        self = form
    }

    private init(code: Int32, detail: String) {
        self.code = code
        self.detail = detail
    }

    /// From a code (primary or extended) and SQLite's message.
    init(code: Int32, message: some StringProtocol) {
        let primary = code & 0xFF
        guard primary == 19 else {
            self.init(code: primary, detail: String(message))
            return
        }
        var violation = ConstraintViolation(sqliteExtendedCode: 19, message: String(message))
        if violation.kind == .other { violation = ConstraintViolation(sqliteExtendedCode: code, message: String(message)) }
        self.init(code: primary, violation: violation)
    }

    private init(code: Int32, violation: ConstraintViolation) {
        let kind = violation.kind == .primaryKey ? .unique : violation.kind
        let folded = ConstraintViolation(
            kind: kind, table: violation.table, columns: violation.columns, message: violation.message
        )
        self.init(code: code, detail: folded.description)
    }

    /// `SQLite error 19 [unique on note(body)]`, `SQLite error 1 [no such table: x]`, `SQLite error 5`.
    var description: String {
        "SQLite error \(code)" + (detail.isEmpty ? "" : " [\(detail)]")
    }

    private static func read(_ text: Substring) -> SQLiteErrorText? {
        if text.hasPrefix("SQLite error ") { return sqliteError(text.dropFirst("SQLite error ".count)) }
        if text.hasPrefix("SQLITE_") { return engineError(text) }
        if text.hasPrefix("constraint violated: ") { return violation(text.dropFirst("constraint violated: ".count)) }
        if text.hasPrefix("database error ") {
            guard let (code, extended, rest) = codes(text.dropFirst("database error ".count)), rest.hasPrefix(": ") else {
                return nil
            }
            return SQLiteErrorText(code: extended ?? code, message: rest.dropFirst(2))
        }
        return sqliteSwiftResult(text)
    }

    /// A session's `ConstraintViolation` description: `unique on T(a, b)`, `primaryKey on T(id)`, `foreignKey`,
    /// `check (name)`.
    private static func violation(_ text: Substring) -> SQLiteErrorText? {
        let word = text.prefix { $0 != " " }
        guard let kind = ConstraintViolation.Kind(rawValue: String(word)) else { return nil }
        let rest = text.dropFirst(word.count)
        let detail = (kind == .primaryKey ? ConstraintViolation.Kind.unique.rawValue : String(word)) + rest
        return SQLiteErrorText(code: 19, detail: detail)
    }

    /// After `SQLite error `: this form (`19 [unique on T(c)]`, `5`), GRDB's (`19: MESSAGE - while executing ...`) or
    /// the integrations' SQLite.swift failure (`19/2067: MESSAGE`).
    private static func sqliteError(_ rest: Substring) -> SQLiteErrorText? {
        guard let (code, extended, after) = codes(rest) else { return nil }
        if after.isEmpty { return SQLiteErrorText(code: code, detail: "") }
        if after.hasPrefix(" ["), after.hasSuffix("]") {
            return SQLiteErrorText(code: code, detail: String(after.dropFirst(2).dropLast()))
        }
        guard after.hasPrefix(": ") else { return nil }
        var message = after.dropFirst(2)
        if let executing = message.range(of: " - while executing `") { message = message[..<executing.lowerBound] }
        return SQLiteErrorText(code: extended ?? code, message: message)
    }

    /// `SQLITE_CONSTRAINT (19/2067): MESSAGE [SQL: ...]`.
    private static func engineError(_ text: Substring) -> SQLiteErrorText? {
        guard let open = text.range(of: " ("), text[..<open.lowerBound].allSatisfy({ $0 == "_" || ($0.isASCII && ($0.isUppercase || $0.isNumber)) }),
              let (code, extended, after) = codes(text[open.upperBound...]), after.hasPrefix("): ")
        else { return nil }
        var message = after.dropFirst(3)
        if let sql = message.range(of: " [SQL: ") { message = message[..<sql.lowerBound] }
        return SQLiteErrorText(code: extended ?? code, message: message)
    }

    /// `MESSAGE (SQL) (code: 19)`, `MESSAGE (SQL) (extended code: 2067)`: SQLite's messages hold no ` (`, so the
    /// message ends at the first one.
    private static func sqliteSwiftResult(_ text: Substring) -> SQLiteErrorText? {
        guard text.hasSuffix(")") else { return nil }
        for marker in [" (code: ", " (extended code: "] {
            guard let range = text.range(of: marker, options: .backwards),
                  let number = Int32(text[range.upperBound...].dropLast())
            else { continue }
            var message = text[..<range.lowerBound]
            if let statement = message.range(of: " (") { message = message[..<statement.lowerBound] }
            return SQLiteErrorText(code: number, message: message)
        }
        return nil
    }

    /// A code and an optional `/extended` code at the start of `text`, and what follows them.
    private static func codes(_ text: Substring) -> (Int32, Int32?, Substring)? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard let code = Int32(digits) else { return nil }
        var rest = text.dropFirst(digits.count)
        guard rest.first == "/" else { return (code, nil, rest) }
        rest = rest.dropFirst()
        let extendedDigits = rest.prefix { $0.isASCII && $0.isNumber }
        guard let extended = Int32(extendedDigits) else { return nil }
        return (code, extended, rest.dropFirst(extendedDigits.count))
    }
}

import Foundation
import PersistenceSession

/// How verifying compares an error the transcript recorded with the error the verified implementation threw.
public enum TranscriptErrorComparison: Sendable, Hashable {
    /// The two descriptions must be equal.
    case exact
    /// The two descriptions are equal, or both report the same SQLite failure: the same primary result code and,
    /// for a constraint, the same kind, whichever library's words report it. The default: a
    /// transcript recorded on SQLite.swift (`UNIQUE constraint failed: note.body (code: 19)`) verifies on GRDB
    /// (`SQLite error 19: UNIQUE constraint failed: note.body - while executing ...`), and either against one
    /// recorded with the integrations' preset (`SQLite error 19 (unique constraint)`). As with the preset, the
    /// table and columns of a constraint and the message of any other failure are not compared (two different
    /// `SQLITE_ERROR`s agree); choose ``exact`` where that is too loose.
    case sqliteErrorForm

    /// Whether `recorded` and `actual` (two thrown errors' descriptions) agree.
    func agrees(_ recorded: String, _ actual: String) -> Bool {
        if recorded == actual { return true }
        guard self == .sqliteErrorForm, let left = SQLiteErrorText(recorded), let right = SQLiteErrorText(actual) else {
            return false
        }
        return left == right
    }
}

/// The SQLite failure an error's description reports, read back from the text a transcript keeps: the primary result
/// code and, for a constraint (code 19), its kind, the form the integrations' `RealLibraryPresets.describeError` gives
/// a live error (`SQLite error 19 (unique constraint)`), so a transcript recorded with the preset and one recorded
/// without it compare alike.
///
/// Read from (each after an optional `TypeName: ` the tools' default description puts first): the preset's form;
/// GRDB's `DatabaseError` (`SQLite error 19: MESSAGE - while executing ...`); SQLite.swift's `Result`
/// (`MESSAGE (SQL) (code: 19)`, `(extended code: 2067)`); the SQLite.swift adapter's failure (`SQLite error
/// 19/2067: MESSAGE`); this toolkit's `SQLiteError` and reader/writer `DatabaseError` (`SQLITE_CONSTRAINT (19/2067):
/// MESSAGE`); a session's `PersistenceError` (`constraint violated: unique on T(C)`, `database error 1/1: MESSAGE`).
/// The constraint kind is the one SQLite's message names (`ConstraintViolation`, as the sessions read it), else the
/// extended code's.
struct SQLiteErrorText: Hashable, CustomStringConvertible {
    let code: Int32
    let constraint: ConstraintViolation.Kind?

    init?(_ described: String) {
        var text = Substring(described)
        // The tools' default puts the error's type first (`DatabaseError: SQLite error 19: ...`); a type name has no
        // spaces, which the words before the first colon of every form read here have.
        if let colon = text.range(of: ": "), !text[..<colon.lowerBound].contains(" ") { text = text[colon.upperBound...] }
        guard let form = Self.read(text) else { return nil }
        self = form
    }

    private init(code: Int32, constraint: ConstraintViolation.Kind?) {
        self.code = code
        self.constraint = code == 19 ? constraint : nil
    }

    /// From a code (primary or extended) and SQLite's message.
    private init(code: Int32, extended: Int32?, message: Substring) {
        let primary = code & 0xFF
        var kind = ConstraintViolation(sqliteExtendedCode: primary, message: String(message)).kind
        if kind == .other, let extended { kind = ConstraintViolation(sqliteExtendedCode: extended, message: String(message)).kind }
        self.init(code: primary, constraint: kind)
    }

    /// `SQLite error 19 (unique constraint)`, `SQLite error 1`.
    var description: String {
        "SQLite error \(code)" + (constraint.map { " (\($0.rawValue) constraint)" } ?? "")
    }

    private static func read(_ text: Substring) -> SQLiteErrorText? {
        if text.hasPrefix("SQLite error ") { return sqliteError(text.dropFirst("SQLite error ".count)) }
        if text.hasPrefix("SQLITE_") { return engineError(text) }
        if text.hasPrefix("constraint violated: ") {
            let kind = text.dropFirst("constraint violated: ".count).prefix { $0 != " " }
            return ConstraintViolation.Kind(rawValue: String(kind)).map { SQLiteErrorText(code: 19, constraint: $0) }
        }
        if text.hasPrefix("database error ") {
            guard let (code, extended, rest) = codes(text.dropFirst("database error ".count)), rest.hasPrefix(": ") else {
                return nil
            }
            return SQLiteErrorText(code: code, extended: extended, message: rest.dropFirst(2))
        }
        return sqliteSwiftResult(text)
    }

    /// After `SQLite error `: `19`, `19 (unique constraint)`, `19: MESSAGE`, `19/2067: MESSAGE`.
    private static func sqliteError(_ rest: Substring) -> SQLiteErrorText? {
        guard let (code, extended, after) = codes(rest) else { return nil }
        if after.isEmpty { return SQLiteErrorText(code: code, constraint: nil) }
        if after.hasPrefix(" ("), after.hasSuffix(" constraint)") {
            let kind = after.dropFirst(2).dropLast(" constraint)".count)
            return ConstraintViolation.Kind(rawValue: String(kind)).map { SQLiteErrorText(code: code, constraint: $0) }
        }
        guard after.hasPrefix(": ") else { return nil }
        return SQLiteErrorText(code: code, extended: extended, message: after.dropFirst(2))
    }

    /// `SQLITE_CONSTRAINT (19/2067): MESSAGE`.
    private static func engineError(_ text: Substring) -> SQLiteErrorText? {
        guard let open = text.range(of: " ("), text[..<open.lowerBound].allSatisfy({ $0 == "_" || ($0.isASCII && ($0.isUppercase || $0.isNumber)) }),
              let (code, extended, after) = codes(text[open.upperBound...]), after.hasPrefix("): ")
        else { return nil }
        return SQLiteErrorText(code: code, extended: extended, message: after.dropFirst(3))
    }

    /// `MESSAGE (code: 19)`, `MESSAGE (SQL) (extended code: 2067)`.
    private static func sqliteSwiftResult(_ text: Substring) -> SQLiteErrorText? {
        guard text.hasSuffix(")") else { return nil }
        for marker in [" (code: ", " (extended code: "] {
            guard let range = text.range(of: marker, options: .backwards),
                  let number = Int32(text[range.upperBound...].dropLast())
            else { continue }
            let message = text[..<range.lowerBound]
            return SQLiteErrorText(code: number, extended: marker == " (code: " ? nil : number, message: message)
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

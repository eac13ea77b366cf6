import MMEXModel
import PersistenceSession

/// What a stored report's SQL may be, checked the same way by both drivers before a statement runs: one statement,
/// that only reads. SQLite's own verdict (`sqlite3_stmt_readonly`) decides whether it writes; because SQLite also
/// calls transaction control (`COMMIT`, `BEGIN`), `ATTACH` and `DETACH` read-only, a report must in addition start
/// with `SELECT`, `WITH` or `VALUES` (after white space and comments).
public enum ReportStatementRules {
    /// The keywords a report's statement may start with.
    public static let allowedLeadingKeywords: Set<String> = ["SELECT", "WITH", "VALUES"]

    /// The first word of `sql` (upper-cased), skipping white space, `--` line comments and `/* */` comments.
    public static func leadingKeyword(_ sql: String) -> String {
        var rest = Substring(sql)
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("--") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("/*") {
                guard let end = rest.range(of: "*/") else { return "" }
                rest = rest[end.upperBound...]
            } else {
                break
            }
        }
        return String(rest.prefix { $0.isLetter }).uppercased()
    }

    /// Refuses SQL that is missing.
    public static func text(of report: Report?, id: Int64) throws -> (report: Report, sql: String) {
        guard let report else { throw PersistenceError.invalidUse("there is no report with id \(id)") }
        guard let sql = report.sqlContent, !sql.allSatisfy(\.isWhitespace) else {
            throw PersistenceError.invalidUse("report \(report.name.debugDescription) (id \(id)) has no SQL")
        }
        return (report, sql)
    }

    /// The error for SQL that is not exactly one statement (or does not compile to one).
    public static func notOneStatement(_ report: Report) -> PersistenceError {
        .invalidUse("report \(report.name.debugDescription) (id \(report.id)) must hold exactly one SQL statement")
    }

    /// Refuses a compiled statement that would write (`isReadOnly` is SQLite's verdict) or is not a query.
    public static func check(_ report: Report, sql: String, isReadOnly: Bool) throws {
        guard isReadOnly, allowedLeadingKeywords.contains(leadingKeyword(sql)) else {
            throw PersistenceError.readOnly(
                path: nil,
                detail: "report \(report.name.debugDescription) (id \(report.id)) is not a read-only query; reports "
                    + "run read-only, so it was refused before it ran"
            )
        }
    }

}

import Differential

/// One planted change to one SQL statement: the kind of bug a port brings in (a comparison's bound moved, `AND`
/// for `OR`, an ORDER BY turned round, `COLLATE NOCASE` or `DISTINCT` dropped, a LIMIT off by one, a join of the
/// other kind), at one site of one statement a repository issues.
///
/// The planted-bug run (``PlantedBugRun``) passes ``rewrite(_:)`` to one driver's sessions as their statement rewrite
/// (`SessionConfiguration.statementRewrite`) and checks that the differential suite reports a mismatch.
package struct SQLMutant: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The whole statement text the change applies to (only a statement equal to it is changed).
    package var statement: String
    /// What the change is: `"<" → "<="`, `COLLATE NOCASE removed`, `ORDER BY term 2 → DESC`...
    package var change: String
    /// Which occurrence of this change in the statement (from 1), so equal changes at two sites stay apart.
    package var occurrence: Int
    /// UTF-8 offsets of the replaced text in ``statement``.
    package var start: Int
    /// UTF-8 offset just past the replaced text in ``statement`` (the end of the range that starts at ``start``).
    package var end: Int
    /// The text that replaces ``statement``'s bytes from ``start`` to ``end``.
    package var replacement: String

    /// The statement with the change planted.
    package var mutated: String {
        let utf8 = Array(statement.utf8)
        return String(decoding: utf8[..<start], as: UTF8.self) + replacement
            + String(decoding: utf8[end...], as: UTF8.self)
    }

    /// `sql` with the change planted when it is ``statement``, else unchanged.
    package func rewrite(_ sql: String) -> String {
        sql == statement ? mutated : sql
    }

    /// `<change> #<occurrence> in <statement>`: a stable name for lists of equivalent mutants.
    package var description: String { "\(change) #\(occurrence) in \(statement)" }

    /// The changes this kind of run plants: every comparison operator, AND/OR, ORDER BY term, COLLATE, DISTINCT,
    /// LIMIT/OFFSET and JOIN of `statement`. Statements that only set up the connection or the schema (PRAGMA,
    /// BEGIN, CREATE...) have none.
    package static func all(in statement: String) -> [SQLMutant] {
        SQLMutantFinder(statement).find()
    }
}

/// Walks one statement's tokens and lists the sites a ``SQLMutant`` can change.
private struct SQLMutantFinder {
    let statement: String
    let tokens: [SQLToken]  // without spaces and comments

    init(_ statement: String) {
        self.statement = statement
        tokens = SQLToken.tokens(statement).filter { $0.kind != .space }
    }

    private static let setupStatements: Set<String> = [
        "PRAGMA", "BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE", "CREATE", "DROP", "ALTER", "ATTACH",
        "DETACH", "VACUUM", "ANALYZE", "REINDEX",
    ]

    func find() -> [SQLMutant] {
        guard let first = tokens.first, !Self.setupStatements.contains(first.upper) else { return [] }
        var mutants: [SQLMutant] = []
        var counts: [String: Int] = [:]
        func add(_ change: String, _ start: Int, _ end: Int, _ replacement: String) {
            counts[change, default: 0] += 1
            mutants.append(
                SQLMutant(
                    statement: statement, change: change, occurrence: counts[change] ?? 1, start: start, end: end,
                    replacement: replacement
                )
            )
        }
        var depth = 0
        var assigning: Set<Int> = []  // depths inside an UPDATE's SET list, where `=` assigns
        var between: Set<Int> = []  // depths where the next AND belongs to BETWEEN
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            let next = index + 1 < tokens.count ? tokens[index + 1] : nil
            switch token.upper {
            case "(": depth += 1
            case ")":
                assigning.remove(depth)
                between.remove(depth)
                depth -= 1
            case "SET": assigning.insert(depth)
            case "WHERE", "FROM", "RETURNING": assigning.remove(depth)
            case "BETWEEN": between.insert(depth)
            case "=", "==":
                if !assigning.contains(depth) { add("\(token.text) → <>", token.start, token.end, "<>") }
            case "<>", "!=": add("\(token.text) → =", token.start, token.end, "=")
            case "<": add("< → <=", token.start, token.end, "<=")
            case "<=": add("<= → <", token.start, token.end, "<")
            case ">": add("> → >=", token.start, token.end, ">=")
            case ">=": add(">= → >", token.start, token.end, ">")
            case "AND":
                if between.contains(depth) { between.remove(depth) } else { add("AND → OR", token.start, token.end, "OR") }
            case "OR":
                // `INSERT OR REPLACE` / `OR IGNORE` is a conflict clause, not a disjunction.
                let conflict = ["REPLACE", "IGNORE", "ABORT", "FAIL", "ROLLBACK"].contains(next?.upper ?? "")
                if !conflict { add("OR → AND", token.start, token.end, "AND") }
            case "COLLATE":
                if let next {
                    let from = index > 0 ? tokens[index - 1].end : token.start
                    add("COLLATE \(next.text) removed", from, next.end, "")
                }
            case "DISTINCT":
                add("DISTINCT removed", token.start, next?.start ?? token.end, "")
            case "JOIN":
                let previous = index > 0 ? tokens[index - 1].upper : ""
                let beforePrevious = index > 1 ? tokens[index - 2].upper : ""
                if previous == "LEFT" {
                    add("LEFT JOIN → JOIN", tokens[index - 1].start, token.end, "JOIN")
                } else if previous == "OUTER", beforePrevious == "LEFT" {
                    add("LEFT JOIN → JOIN", tokens[index - 2].start, token.end, "JOIN")
                } else if previous == "INNER" {
                    add("JOIN → LEFT JOIN", tokens[index - 1].start, token.end, "LEFT JOIN")
                } else if previous != "CROSS", previous != "NATURAL" {
                    add("JOIN → LEFT JOIN", token.start, token.end, "LEFT JOIN")
                }
            case "LIMIT", "OFFSET":
                if let next, next.kind != .word || Int(next.text) != nil || next.text.hasPrefix("?") {
                    add("\(token.upper) n → n + 1", next.start, next.end, "(\(next.text) + 1)")
                }
            case "ORDER" where next?.upper == "BY":
                index = orderTerms(from: index + 2, depth: depth, add: add)
                continue
            default: break
            }
            index += 1
        }
        return mutants
    }

    /// The terms of an ORDER BY from `start`: each one turned round (ASC ↔ DESC, a bare term gets DESC). Returns
    /// the index of the token after the list.
    private func orderTerms(from start: Int, depth: Int, add: (String, Int, Int, String) -> Void) -> Int {
        var index = start
        var level = depth
        var term = 1
        var last: SQLToken?
        func close() {
            guard let last else { return }
            switch last.upper {
            case "ASC": add("ORDER BY term \(term) ASC → DESC", last.start, last.end, "DESC")
            case "DESC": add("ORDER BY term \(term) DESC → ASC", last.start, last.end, "ASC")
            default: add("ORDER BY term \(term) → DESC", last.end, last.end, " DESC")
            }
        }
        while index < tokens.count {
            let token = tokens[index]
            if level == depth {
                if token.upper == "," {
                    close()
                    term += 1
                    last = nil
                    index += 1
                    continue
                }
                if ["LIMIT", "OFFSET", ")", ";", "UNION", "EXCEPT", "INTERSECT"].contains(token.upper) { break }
            }
            if token.upper == "(" { level += 1 }
            if token.upper == ")" { level -= 1 }
            // COLLATE inside a term is a site of its own.
            if token.upper == "COLLATE", index + 1 < tokens.count {
                let from = index > 0 ? tokens[index - 1].end : token.start
                add("COLLATE \(tokens[index + 1].text) removed", from, tokens[index + 1].end, "")
            }
            last = token
            index += 1
        }
        close()
        return index
    }
}

/// One planted change to one SQL statement: the kind of bug a port brings in (a comparison's bound moved, `AND`
/// for `OR`, an ORDER BY turned round, `COLLATE NOCASE` or `DISTINCT` dropped, a LIMIT off by one, a join of the
/// other kind), at one site of one statement a repository issues.
///
/// A test installs ``rewrite(_:)`` as a driver's statement rewrite (the drivers' `statementRewriter` hook) and
/// checks that the differential suite reports a mismatch: the planted-bug run.
public struct SQLMutant: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The whole statement text the change applies to (only a statement equal to it is changed).
    public var statement: String
    /// What the change is: `"<" → "<="`, `COLLATE NOCASE removed`, `ORDER BY term 2 → DESC`...
    public var change: String
    /// Which occurrence of this change in the statement (from 1), so equal changes at two sites stay apart.
    public var occurrence: Int
    /// UTF-8 offsets of the replaced text in ``statement``.
    public var start: Int
    /// UTF-8 offset just past the replaced text in ``statement`` (the end of the range that starts at ``start``).
    public var end: Int
    /// The text that replaces ``statement``'s bytes from ``start`` to ``end``.
    public var replacement: String

    /// The statement with the change planted.
    public var mutated: String {
        let utf8 = Array(statement.utf8)
        return String(decoding: utf8[..<start], as: UTF8.self) + replacement
            + String(decoding: utf8[end...], as: UTF8.self)
    }

    /// `sql` with the change planted when it is ``statement``, else unchanged.
    public func rewrite(_ sql: String) -> String {
        sql == statement ? mutated : sql
    }

    /// `<change> #<occurrence> in <statement>`: a stable name for lists of equivalent mutants.
    public var description: String { "\(change) #\(occurrence) in \(statement)" }

    /// The changes this kind of run plants: every comparison operator, AND/OR, ORDER BY term, COLLATE, DISTINCT,
    /// LIMIT/OFFSET and JOIN of `statement`. Statements that only set up the connection or the schema (PRAGMA,
    /// BEGIN, CREATE...) have none.
    public static func all(in statement: String) -> [SQLMutant] {
        SQLMutantFinder(statement).find()
    }
}

/// A token of SQL text: what the mutant finder needs (words, operators, parentheses, commas), with literals,
/// quoted names and comments kept whole so nothing inside them is changed.
struct SQLToken {
    enum Kind { case word, symbol, literal, space }
    let kind: Kind
    let text: String
    let start: Int
    let end: Int

    var upper: String { kind == .word ? text.uppercased() : text }

    static func tokens(_ sql: String) -> [SQLToken] {
        let bytes = Array(sql.utf8)
        var tokens: [SQLToken] = []
        var index = 0
        func add(_ kind: Kind, _ start: Int, _ end: Int) {
            tokens.append(SQLToken(kind: kind, text: String(decoding: bytes[start..<end], as: UTF8.self), start: start, end: end))
        }
        func isWordByte(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x5F || byte == 0x24 || byte >= 0x80
        }
        while index < bytes.count {
            let start = index
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
                add(.space, start, index)
            case 0x27, 0x22, 0x60:  // 'text', "name", `name`: doubled quotes stay inside
                index += 1
                while index < bytes.count {
                    if bytes[index] == byte {
                        if index + 1 < bytes.count, bytes[index + 1] == byte { index += 2; continue }
                        index += 1
                        break
                    }
                    index += 1
                }
                add(.literal, start, index)
            case 0x5B:  // [name]
                while index < bytes.count, bytes[index] != 0x5D { index += 1 }
                index = min(index + 1, bytes.count)
                add(.literal, start, index)
            case 0x2D where index + 1 < bytes.count && bytes[index + 1] == 0x2D:  // -- comment
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                add(.space, start, index)
            case 0x3C, 0x3E, 0x3D, 0x21, 0x7C:  // < > = ! |: longest operator
                index += 1
                if index < bytes.count, [0x3D, 0x3E, 0x7C].contains(bytes[index]) { index += 1 }
                add(.symbol, start, index)
            case 0x3F, 0x3A, 0x40:  // ?NNN, :name, @name
                index += 1
                while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
                add(.literal, start, index)
            default:
                if isWordByte(byte) {
                    while index < bytes.count, isWordByte(bytes[index]) || bytes[index] == 0x2E { index += 1 }
                    add(.word, start, index)
                } else {
                    index += 1
                    add(.symbol, start, index)
                }
            }
        }
        return tokens
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

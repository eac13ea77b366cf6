import Differential
import SQLiteEngine

extension SQLMutant {
    /// Why this change cannot change any result of its statement on a database with `keys`, or `nil` when it can (or
    /// when the statement is beyond this check). Two rules, both conservative (a statement with OR in its WHERE, a
    /// join, grouping or an expression where a column is expected is left alone):
    /// - an ORDER BY term turned round where the WHERE's equalities and the terms before it cover a unique key (NOT
    ///   NULL, unique under the collation they compare with): no two rows tie on the terms before it, so the term
    ///   never decides (for term 1: the WHERE pins the key, at most one row);
    /// - an inner join made LEFT where the WHERE compares a column of the joined table directly (`T.C < ?`): the rows
    ///   a LEFT JOIN adds have NULL there, and the WHERE drops them again.
    package func invisibility(keys: SchemaKeys) -> String? {
        let shape = StatementShape(statement)
        if change.hasPrefix("ORDER BY term "), let term = Int(change.dropFirst("ORDER BY term ".count).prefix { $0.isNumber }) {
            return shape.orderTermNeverDecides(term: term, keys: keys)
        }
        if change == "JOIN → LEFT JOIN" { return shape.nullRejectingWhere(joinOccurrence: occurrence) }
        return nil
    }
}

/// The top-level clauses of one statement, as far as ``SQLMutant/invisibility(keys:)`` needs them.
private struct StatementShape {
    let tokens: [SQLToken]
    /// Token index of each top-level clause keyword (FROM, WHERE, GROUP, ORDER, LIMIT, JOIN, UNION...).
    var clauses: [String: [Int]] = [:]
    var orderCount = 0

    init(_ statement: String) {
        tokens = SQLToken.tokens(statement).filter { $0.kind != .space }
        var depth = 0
        for (index, token) in tokens.enumerated() {
            switch token.upper {
            case "(": depth += 1
            case ")": depth -= 1
            case "ORDER":
                orderCount += 1
                if depth == 0 { clauses["ORDER", default: []].append(index) }
            case "FROM", "WHERE", "GROUP", "LIMIT", "JOIN", "UNION", "EXCEPT", "INTERSECT", "HAVING", "WINDOW":
                if depth == 0 { clauses[token.upper, default: []].append(index) }
            default: break
            }
        }
    }

    private func token(_ index: Int) -> SQLToken? { index >= 0 && index < tokens.count ? tokens[index] : nil }

    /// The top-level WHERE's tokens with subqueries (`(SELECT …)`) left out; `nil` when it has an OR.
    private func whereTokens(until end: Int) -> [SQLToken]? {
        guard let start = clauses["WHERE"]?.first, start < end else { return [] }
        var kept: [SQLToken] = []
        var index = start + 1
        while index < end {
            if tokens[index].text == "(", token(index + 1)?.upper == "SELECT" {
                var depth = 0
                repeat {
                    if tokens[index].text == "(" { depth += 1 }
                    if tokens[index].text == ")" { depth -= 1 }
                    index += 1
                } while depth > 0 && index < end
                continue
            }
            kept.append(tokens[index])
            index += 1
        }
        return kept.contains { $0.upper == "OR" } ? nil : kept
    }

    private func isValue(_ token: SQLToken?) -> Bool {
        guard let token else { return false }
        if token.kind == .literal { return token.text.hasPrefix("?") || token.text.hasPrefix("'") || token.text.hasPrefix(":") }
        return token.kind == .word && (Int(token.text) != nil || Double(token.text) != nil)
    }

    /// Columns the WHERE sets equal to one value (`C = ?`, `(C COLLATE X) = ?`, `C = ? COLLATE X`), with the
    /// collation of that comparison (explicit, else `declared`'s).
    private func pinned(_ region: [SQLToken], declared: [String: SchemaKeys.Column]) -> [String: String] {
        var pins: [String: String] = [:]
        let boundaries: Set<String> = ["AND", "WHERE", "("]
        for (index, token) in region.enumerated() where token.upper == "=" || token.upper == "==" {
            func at(_ position: Int) -> SQLToken? { position >= 0 && position < region.count ? region[position] : nil }
            var left = index - 1
            var closes = 0
            while at(left)?.text == ")" {
                closes += 1
                left -= 1
            }
            var collation: String?
            if at(left - 1)?.upper == "COLLATE", let name = at(left).flatMap(SQLToken.name) {
                collation = name
                left -= 2
            }
            guard let nameToken = at(left), let column = SQLToken.name(nameToken), declared[column] != nil else { continue }
            var before = left - 1
            if at(before)?.text == "." { before -= 2 }
            guard (0..<closes).allSatisfy({ at(before - $0)?.text == "(" }) else { continue }
            if let preceding = at(before - closes), !boundaries.contains(preceding.upper) { continue }
            var right = index + 1
            guard isValue(at(right)) else { continue }
            right += 1
            if at(right)?.upper == "COLLATE", let name = at(right + 1).flatMap(SQLToken.name) {
                collation = name
                right += 2
            }
            while at(right)?.text == ")" { right += 1 }
            if let following = at(right), following.upper != "AND" { continue }
            pins[column] = (collation ?? declared[column]?.collation ?? "BINARY").uppercased()
        }
        return pins
    }

    /// The column an ORDER BY term orders by, with its collation, when the term is a bare column.
    private func orderColumn(_ term: [SQLToken], declared: [String: SchemaKeys.Column]) -> (String, String)? {
        var parts = term.filter { $0.text != "(" && $0.text != ")" }
        if let last = parts.last, last.upper == "ASC" || last.upper == "DESC" { parts.removeLast() }
        var collation: String?
        if parts.count >= 2, parts[parts.count - 2].upper == "COLLATE" {
            collation = SQLToken.name(parts[parts.count - 1])
            parts.removeLast(2)
        }
        if parts.count == 3, parts[1].text == "." { parts = [parts[2]] }
        guard parts.count == 1, let column = SQLToken.name(parts[0]), let info = declared[column] else { return nil }
        return (column, (collation ?? info.collation).uppercased())
    }

    func orderTermNeverDecides(term: Int, keys: SchemaKeys) -> String? {
        guard orderCount == 1, let order = clauses["ORDER"]?.first, let from = clauses["FROM"]?.first,
            clauses["JOIN"] == nil, clauses["GROUP"] == nil, clauses["UNION"] == nil, clauses["EXCEPT"] == nil,
            clauses["INTERSECT"] == nil, let tableName = token(from + 1).flatMap(SQLToken.name),
            let table = keys.tables[tableName], token(from + 2)?.text != ","
        else { return nil }
        guard let region = whereTokens(until: order) else { return nil }
        let pins = pinned(region, declared: table.columns)
        // The ORDER BY's terms, split at top-level commas.
        let end = clauses["LIMIT"]?.first(where: { $0 > order }) ?? tokens.count
        var terms: [[SQLToken]] = [[]]
        var depth = 0
        for token in tokens[(order + 2)..<end] {
            if token.text == "(" { depth += 1 }
            if token.text == ")" { depth -= 1 }
            if depth == 0, token.text == "," {
                terms.append([])
            } else if token.text != ";" {
                terms[terms.count - 1].append(token)
            }
        }
        guard term >= 1, term <= terms.count else { return nil }
        var ordered: [String: String] = [:]
        for earlier in terms.prefix(term - 1) {
            if let (column, collation) = orderColumn(earlier, declared: table.columns), table.columns[column]?.notNull == true {
                ordered[column] = collation
            }
        }
        func implies(_ collation: String?, _ key: String) -> Bool {
            guard let collation else { return false }
            return collation == "BINARY" || collation == key
        }
        guard
            let key = table.keys.first(where: { key in
                key.allSatisfy { column, collation in implies(pins[column], collation) || implies(ordered[column], collation) }
            })
        else { return nil }
        let names = key.keys.sorted().joined(separator: ", ")
        if term == 1 || key.keys.allSatisfy({ implies(pins[$0], key[$0] ?? "BINARY") }) {
            return "the WHERE pins \(tableName)'s unique key (\(names)): at most one row, nothing to order"
        }
        return "the WHERE and the ORDER BY terms before term \(term) cover \(tableName)'s unique key (\(names)): "
            + "no two rows tie on them, so term \(term) never decides"
    }

    func nullRejectingWhere(joinOccurrence: Int) -> String? {
        var seen = 0
        var depth = 0
        var site: Int?
        for (index, token) in tokens.enumerated() {
            if token.text == "(" { depth += 1 }
            if token.text == ")" { depth -= 1 }
            guard token.upper == "JOIN" else { continue }
            let previous = self.token(index - 1)?.upper ?? ""
            let beforePrevious = self.token(index - 2)?.upper ?? ""
            if previous == "LEFT" || (previous == "OUTER" && beforePrevious == "LEFT") || previous == "CROSS"
                || previous == "NATURAL"
            {
                continue
            }
            seen += 1
            if seen == joinOccurrence {
                site = depth == 0 ? index : nil
                break
            }
        }
        guard let site, let table = token(site + 1).flatMap(SQLToken.name) else { return nil }
        var names: Set<String> = [table]
        var aliasAt = site + 2
        if token(aliasAt)?.upper == "AS" { aliasAt += 1 }
        if let alias = token(aliasAt), alias.kind == .word, !["ON", "USING", "WHERE", "JOIN", "LEFT", "INNER"].contains(alias.upper),
            let name = SQLToken.name(alias)
        {
            names.insert(name)
        }
        let end = clauses["GROUP"]?.first ?? clauses["ORDER"]?.first ?? clauses["LIMIT"]?.first ?? tokens.count
        guard let region = whereTokens(until: end) else { return nil }
        let comparisons: Set<String> = ["=", "==", "<", "<=", ">", ">=", "<>", "!="]
        for (index, token) in region.enumerated() where comparisons.contains(token.upper) && index > 0 {
            let left = region[index - 1]
            var qualifier = SQLToken.qualifier(left)
            if qualifier == nil, index >= 3, region[index - 2].text == "." { qualifier = SQLToken.name(region[index - 3]) }
            guard let qualifier, names.contains(qualifier), let column = SQLToken.name(left) else { continue }
            let before = index - (SQLToken.qualifier(left) == nil ? 4 : 2)
            if before >= 0, !["AND", "(", "NOT"].contains(region[before].upper) { continue }
            return "the WHERE compares \(qualifier).\(column) directly: the rows a LEFT JOIN adds have NULL there and "
                + "are dropped again"
        }
        return nil
    }
}

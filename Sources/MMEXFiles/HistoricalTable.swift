/// The shape a version 21 table had at an older version: its `CREATE TABLE` statement without the columns that
/// later upgrade scripts add.
///
/// MMEX desktop creates the tables its model layer knows when it opens a file, after the upgrade scripts ran; the
/// scripts themselves assume those tables exist. A file that skipped the releases in between (an MMEX 0.9.7 file
/// has no `REPORT_V1`, yet script 15 adds a column to it) needs the table, in the shape it had then, before the
/// step that uses it. For tables whose only later changes are added columns (every such table in the MMEX history)
/// that shape is the version 21 definition minus those columns.
enum HistoricalTable {
    /// `createSQL` with the column definitions named in `omitted` (upper-case names) removed, and any table
    /// constraint that mentions one of them.
    ///
    /// - Returns: `nil` when the statement has no column list this editor understands.
    static func createStatement(_ createSQL: String, omitting omitted: Set<String>) -> String? {
        let sql = SQLLexer.withoutComments(createSQL)
        let tokens = SQLLexer.tokens(sql)
        guard let open = tokens.firstIndex(where: { $0.isSymbol("(") }) else { return nil }
        var depth = 0
        var itemStart = tokens.index(after: open)
        var items: [Range<Int>] = []
        var close: Int?
        for index in tokens.indices[itemStart...] {
            let token = tokens[index]
            if token.isSymbol("(") {
                depth += 1
            } else if token.isSymbol(")") {
                if depth == 0 {
                    items.append(itemStart..<index)
                    close = index
                    break
                }
                depth -= 1
            } else if token.isSymbol(","), depth == 0 {
                items.append(itemStart..<index)
                itemStart = index + 1
            }
        }
        guard let close, !items.contains(where: \.isEmpty) else { return nil }
        let constraintKeywords: Set<String> = ["CONSTRAINT", "PRIMARY", "UNIQUE", "CHECK", "FOREIGN"]
        let kept = items.filter { item in
            let first = tokens[item.lowerBound]
            if first.kind == .word, constraintKeywords.contains(first.upper) {
                return !tokens[item].contains { $0.isName && omitted.contains($0.upper) }
            }
            return !omitted.contains(first.upper)
        }
        guard !kept.isEmpty else { return nil }
        let head = sql[..<tokens[open].range.upperBound]
        let tail = sql[tokens[close].range.lowerBound...]
        let body = kept.map { item in
            String(sql[tokens[item.lowerBound].range.lowerBound..<tokens[item.upperBound - 1].range.upperBound])
        }
        return String(head) + "\n" + body.joined(separator: "\n, ") + "\n" + String(tail)
    }
}

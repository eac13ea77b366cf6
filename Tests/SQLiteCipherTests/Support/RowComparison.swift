import SQLiteEngine

/// A short description of how two row sets differ ("" when equal), so a failing test does not print every row.
func rowDifference(_ actual: [[SQLiteValue]], _ expected: [[SQLiteValue]]) -> String {
    if actual == expected { return "" }
    if actual.count != expected.count { return "\(actual.count) rows, expected \(expected.count)" }
    for (index, (a, e)) in zip(actual, expected).enumerated() where a != e {
        return "row \(index) is \(a), expected \(e)"
    }
    return "rows differ"
}

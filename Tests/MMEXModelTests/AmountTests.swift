import Foundation
import MMEXModel
import SQLiteEngine
import Testing

@Suite("Amount keeps numeric columns exactly as SQLite stores them")
struct AmountTests {
    static let doubles: [Double] = [
        0.1, 4.2, 1.0, -0.0, 100.0, -310.25, 1e15, 9_007_199_254_740_994, 9.3e18, -9.223372036854775808e18, 0.5, 1e300,
    ]

    @Test("Amount(Double) stores what SQLite's NUMERIC affinity stores", arguments: doubles)
    func doubleFollowsNumericAffinity(value: Double) throws {
        let database = try EngineConnection(path: ":memory:", options: .create)
        try database.execute("CREATE TABLE t(v numeric)")
        try database.run("INSERT INTO t VALUES (?)", [.real(value)])
        let stored = try #require(try database.scalar("SELECT v FROM t"))
        let amount = try #require(Amount(storedValue: StoredValue(stored)))
        #expect(amount == Amount(value))
        #expect(Amount(value).storedValue == StoredValue(stored))
    }

    @Test("text that looks like a number becomes a number in a numeric column; other text stays text")
    func textInNumericColumn() throws {
        let database = try EngineConnection(path: ":memory:", options: .create)
        try database.execute("CREATE TABLE t(v numeric); INSERT INTO t VALUES ('12.50'), ('12'), ('n/a');")
        let stored = try database.rows("SELECT v FROM t ORDER BY rowid").map { StoredValue($0[0]) }
        #expect(stored.compactMap(Amount.init(storedValue:)) == [.real(12.5), .integer(12), .text("n/a")])
    }

    @Test("equality is exact and structural; numeric equality is separate")
    func equality() {
        #expect(Amount(100.0) == Amount(100))
        #expect(Amount(storedValue: .real(3200)) == .real(3200), "a computed REAL (total()) is kept as returned")
        #expect(Amount.real(3200) != Amount.integer(3200), "so total() and sum() results are told apart")
        #expect(Amount.integer(1) != Amount.text("1"))
        #expect(Amount.real(0.1) == 0.1)
        #expect(Amount(0.1 + 0.2) != Amount(0.3), "no decimal rounding hides a drift")
        #expect(Amount.integer(2).isNumericallyEqual(to: .real(2)))
        #expect(Amount.text("2").isNumericallyEqual(to: .integer(2)))
        #expect(!Amount.text("n/a").isNumericallyEqual(to: .integer(0)))
        #expect(Amount.text("n/a").doubleValue == nil)
        #expect(Amount.real(4.2).doubleValue == 4.2)
    }

    @Test("JSON keeps the storage class, so 1 and 1.0 never blur")
    func jsonKeepsStorageClass() throws {
        let amounts: [Amount] = [.integer(1), .real(1.5), .real(0.1), .text("x"), .integer(.min)]
        let data = try JSONEncoder().encode(amounts)
        #expect(String(decoding: data, as: UTF8.self).contains("{\"integer\":1}"))
        #expect(try JSONDecoder().decode([Amount].self, from: data) == amounts)
    }
}

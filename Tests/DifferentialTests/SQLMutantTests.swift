import MutationTesting
import Testing

@Suite("Planted changes to SQL statements")
struct SQLMutantTests {
    @Test("every comparison, AND/OR, COLLATE, DISTINCT, ORDER BY term, LIMIT/OFFSET and JOIN is a site; assignments and literals are not")
    func sitesOfAStatement() {
        let sql = "SELECT DISTINCT a.X FROM A a LEFT JOIN B b ON b.ID = a.ID WHERE a.N = ? COLLATE NOCASE AND a.D < ? "
            + "OR a.V BETWEEN 1 AND 2 OR a.T = 'x = y AND z' ORDER BY a.N COLLATE NOCASE, a.ID DESC LIMIT 1 OFFSET ?"
        let changes = SQLMutant.all(in: sql).map { "\($0.change) #\($0.occurrence)" }
        #expect(changes == [
            "DISTINCT removed #1", "LEFT JOIN → JOIN #1", "= → <> #1", "= → <> #2", "COLLATE NOCASE removed #1",
            "AND → OR #1", "< → <= #1", "OR → AND #1", "OR → AND #2", "= → <> #3", "COLLATE NOCASE removed #2",
            "ORDER BY term 1 → DESC #1", "ORDER BY term 2 DESC → ASC #1", "LIMIT n → n + 1 #1", "OFFSET n → n + 1 #1",
        ])
        let mutated = SQLMutant.all(in: sql).map(\.mutated)
        #expect(mutated[4].contains("WHERE a.N = ? AND a.D"), "COLLATE removed with its space")
        #expect(mutated[6].contains("a.D <= ?"))
        #expect(mutated[11].contains("ORDER BY a.N COLLATE NOCASE DESC, a.ID DESC"))
        #expect(mutated[13].hasSuffix("LIMIT (1 + 1) OFFSET ?"))
    }

    @Test("an UPDATE's SET assignments are not comparisons; its WHERE is")
    func updateAssignments() {
        let changes = SQLMutant.all(in: "UPDATE T SET A = ?, B = (SELECT 1 WHERE 2 = 3) WHERE ID = ?").map(\.change)
        #expect(changes == ["= → <>", "= → <>"])
        #expect(SQLMutant.all(in: "INSERT OR REPLACE INTO T (A) VALUES (?)").isEmpty)
    }

    @Test("statements that only set up the connection or the schema have no sites")
    func setupStatements() {
        for sql in ["PRAGMA journal_mode = MEMORY", "BEGIN DEFERRED", "CREATE INDEX I ON T (A COLLATE NOCASE)", "COMMIT"] {
            #expect(SQLMutant.all(in: sql).isEmpty, "\(sql)")
        }
    }

    @Test("a mutant rewrites only its own statement")
    func rewriteOnlyItsStatement() throws {
        let mutant = try #require(SQLMutant.all(in: "SELECT 1 WHERE 1 < 2").first)
        #expect(mutant.rewrite("SELECT 1 WHERE 1 < 2") == "SELECT 1 WHERE 1 <= 2")
        #expect(mutant.rewrite("SELECT 2 WHERE 1 < 2") == "SELECT 2 WHERE 1 < 2")
    }
}

import Differential
import Testing

@Suite("Porting traps are recognised from a mismatch as the harness renders it")
struct TrapClassifierTests {
    private func trap(_ kind: Mismatch.Kind, _ field: String, _ baseline: String, _ candidate: String) -> PortingTrap? {
        PortingTrap.classify(Mismatch(kind: kind, scenario: "s", field: field, baseline: baseline, candidate: candidate))
    }

    @Test("returned values: dates of another form, UUIDs in another case, Bool against 0/1")
    func returnedValues() {
        #expect(trap(.result, "dueDate", "\"2026-12-01T10:00:00.000\"", "\"2026-12-01 10:00:00.000\"") == .dateFormat)
        #expect(trap(.result, "createdAt", "786000000.456", "786000000.0")
            == .dateFormat)
        #expect(trap(.result, "amount", "786000000.456", "786000000.0") == nil, "not a date field")
        #expect(trap(.result, "format", "0.5", "0.25") == nil, "not a date field either")
        #expect(
            trap(.result, "id", "\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"", "\"e621e1f8-c36c-495a-93fc-0c247a3e6e5f\"")
                == .uuidForm
        )
        #expect(trap(.result, "isDone", "true", "1") == .booleanForm)
        #expect(trap(.result, "name", "\"Alpha\"", "\"alpha\"") == nil)
    }

    @Test("files and schema: a -journal left behind, a ledger's autoindex; other files and tables are not traps")
    func filesAndSchema() {
        #expect(trap(.sidecars, "files", "a.db", "a.db, a.db-journal") == .journalModeAndSidecars)
        #expect(trap(.sidecars, "files", "a.db", "a.db, notes.txt") == nil)
        #expect(
            trap(.schema, "index sqlite_autoindex_grdb_migrations_1", "(absent)", "grdb_migrations: NULL")
                == .migrationLedger
        )
        #expect(trap(.schema, "table NOTES", "(absent)", "NOTES: CREATE TABLE NOTES(ID)") == nil)
        #expect(trap(.rows, "schema_migrations", "(absent)", "table") == .migrationLedger)
        #expect(trap(.userVersion, "user_version", "21", "0") == .migrationLedger)
    }

    @Test("a foreign-key error on both sides, or another error on one, is not the one-side trap")
    func foreignKeys() {
        let failure = "threw SQLiteError: FOREIGN KEY constraint failed"
        #expect(trap(.result, "(outcome)", "returned 3", failure) == .foreignKeyOneSide)
        #expect(trap(.result, "(error)", failure, failure + " (code 787)") == nil)
        #expect(trap(.result, "(outcome)", "returned 3", "threw busy") == nil)
    }
}

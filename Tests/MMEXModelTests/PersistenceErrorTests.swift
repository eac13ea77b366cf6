import MMEXModel
import MMEXSession
import PersistenceSession
import SQLiteEngine
import Testing

@Suite("PersistenceError: app-level errors both drivers report the same way")
struct PersistenceErrorTests {
    private func violation(_ sql: String, in database: EngineConnection) throws -> PersistenceError {
        do {
            try database.execute(sql)
        } catch {
            return PersistenceError(sqliteExtendedCode: error.extendedCode, message: error.message, path: "test.mmb")
        }
        throw PersistenceError.invalidUse("the statement did not fail: \(sql)")
    }

    @Test("a real constraint failure says which constraint, table and column")
    func constraintsAreNamed() throws {
        let database = try schemaDatabase()
        let unique = try violation("INSERT INTO INFOTABLE_V1 VALUES (2, 'dataversion', '4')", in: database)
        #expect(unique == .constraintViolated(ConstraintViolation(
            kind: .unique, table: "INFOTABLE_V1", columns: ["INFONAME"],
            message: "UNIQUE constraint failed: INFOTABLE_V1.INFONAME"
        )))
        #expect(unique.description == "constraint violated: unique on INFOTABLE_V1(INFONAME)")
        let primary = try violation("INSERT INTO INFOTABLE_V1 VALUES (1, 'OTHER', 'x')", in: database)
        guard case .constraintViolated(let pk) = primary else { Issue.record("\(primary)"); return }
        #expect(pk.kind == .primaryKey)
        #expect(pk.columns == ["INFOID"])
        let notNull = try violation("INSERT INTO INFOTABLE_V1 (INFOID, INFONAME) VALUES (5, 'X')", in: database)
        guard case .constraintViolated(let missing) = notNull else { Issue.record("\(notNull)"); return }
        #expect(missing.kind == .notNull)
        #expect(missing.table == "INFOTABLE_V1" && missing.columns == ["INFOVALUE"])
        let composite = try violation(
            "INSERT INTO CURRENCYHISTORY_V1 VALUES (1, 1, '2024-01-01', 1, NULL), (2, 1, '2024-01-01', 2, NULL)", in: database
        )
        guard case .constraintViolated(let pair) = composite else { Issue.record("\(composite)"); return }
        #expect(pair.columns == ["CURRENCYID", "CURRDATE"])
    }

    @Test("result codes map to the app's cases", arguments: [
        (26, false, "notADatabase"), (26, true, "wrongKey"), (11, false, "corrupt"), (5, false, "busy"),
        (517, false, "busy"), (8, false, "readOnly"), (10, false, "io"), (3850, false, "io"), (1, false, "database"),
    ])
    func resultCodes(code: Int32, keyGiven: Bool, expected: String) {
        let error = PersistenceError(sqliteExtendedCode: code, message: "m", path: "/tmp/a.mmb", keyGiven: keyGiven)
        let caseName: String =
            switch error {
            case .notADatabase: "notADatabase"
            case .wrongKey: "wrongKey"
            case .corrupt: "corrupt"
            case .busy: "busy"
            case .readOnly: "readOnly"
            case .io: "io"
            case .database: "database"
            default: "other: \(error)"
            }
        #expect(caseName == expected)
        #expect(error.isRetryable == (expected == "busy"))
    }

    @Test("messages name the file and never a key")
    func messages() {
        let key = DatabaseKey(passphrase: "hunter2-secret", cipher: .sqlcipher4)
        #expect(!"\(key)".contains("hunter2"))
        #expect(!String(reflecting: key).contains("hunter2"))
        #expect("\(key)" == "key(<redacted>, cipher: sqlcipher4)")
        #expect(PersistenceError.wrongKey(path: "/a/b.emb").description.hasPrefix("/a/b.emb: wrong key: the passphrase or cipher does not open"))
        #expect(PersistenceError.schemaTooNew(path: "f.mmb", found: 22, supported: 21).description.contains("22"))
        #expect(PersistenceError.notAnMMEXFile(path: "x.db", reason: "no INFOTABLE_V1").description
            == "x.db: not an MMEX file (no INFOTABLE_V1)")
    }
}

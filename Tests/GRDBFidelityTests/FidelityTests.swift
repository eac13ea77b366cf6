import Foundation
import Testing

/// Runs every snippet of the corpus (RecordSnippets, DatabaseSnippets: code written as GRDB's documentation shows it,
/// compiled with only `import ReaderWriterDriver` where GRDB code has `import GRDB`) and checks what it returns.
/// A snippet that stops compiling fails the build of this target.
@Suite("GRDB fidelity: everyday GRDB code runs unchanged on the reader/writer driver")
struct FidelityTests {
    // MARK: Records and the query interface

    @Test("insert gives a MutablePersistableRecord its rowid through didInsert")
    func insertTakesTheNewID() throws { #expect(try RecordSnippets.insertTakesTheNewID() == 1) }

    @Test("Record.fetchAll(db) reads every row")
    func fetchAllRecords() throws {
        #expect(try RecordSnippets.fetchAllRecords().map(\.name) == ["Arthur", "Barbara", "Craig"])
    }

    @Test("fetchOne(db, id:) finds an Identifiable record")
    func fetchOneByID() throws { #expect(try RecordSnippets.fetchOneByID()?.name == "Barbara") }

    @Test("fetchOne(db, key:) finds a record by primary key")
    func fetchOneByKey() throws { #expect(try RecordSnippets.fetchOneByKey()?.name == "Craig") }

    @Test("find(db, id:) throws recordNotFound for a missing row")
    func findThrows() throws { #expect(try RecordSnippets.findThrowsWhenMissing()) }

    @Test("filter, order and limit compose")
    func filterOrderLimit() throws { #expect(try RecordSnippets.filterOrderLimit() == ["Craig", "Barbara"]) }

    @Test("a Columns enum of Column constants filters")
    func columnsEnum() throws { #expect(try RecordSnippets.filterWithColumnsEnum()?.score == 1000) }

    @Test("fetchCount counts a filtered request")
    func fetchCount() throws { #expect(try RecordSnippets.fetchCount() == 2) }

    @Test("Record.fetchCount(db) counts the table")
    func countTable() throws { #expect(try RecordSnippets.countTable() == 3) }

    @Test("select(_:as:) fetches a set of values")
    func selectValues() throws { #expect(try RecordSnippets.selectValuesAsSet() == ["Arthur", "Barbara", "Craig"]) }

    @Test("fetchSet returns a set of Hashable records")
    func fetchSet() throws { #expect(try RecordSnippets.fetchSetOfRecords() == 3) }

    @Test("an aggregate selection fetches one value")
    func aggregate() throws { #expect(try RecordSnippets.aggregate() == 2000) }

    @Test("[values].contains(column) filters with IN")
    func filterIn() throws { #expect(try RecordSnippets.filterIn() == ["Arthur", "Craig"]) }

    @Test("like filters with a pattern")
    func filterLike() throws { #expect(try RecordSnippets.filterLike() == ["Arthur", "Barbara"]) }

    @Test("fetchAll(db, keys:) fetches by primary keys")
    func fetchByKeys() throws { #expect(try RecordSnippets.fetchByKeys().count == 2) }

    @Test("update writes a changed record")
    func update() throws { #expect(try RecordSnippets.updateRecord() == 150) }

    @Test("save inserts a new record, then updates it")
    func save() throws {
        let result = try RecordSnippets.saveInsertsThenUpdates()
        #expect(result.count == 1)
        #expect(result.name == "Diana")
    }

    @Test("upsert updates the row a record conflicts with")
    func upsert() throws {
        let result = try RecordSnippets.upsert()
        #expect(result.count == 3)
        #expect(result.score == 999)
    }

    @Test("delete removes a record's row")
    func delete() throws {
        let result = try RecordSnippets.deleteRecord()
        #expect(result.deleted)
        #expect(result.remaining == 2)
    }

    @Test("deleteAll on a filtered request deletes what it selects")
    func deleteAll() throws { #expect(try RecordSnippets.deleteAllFiltered() == 1) }

    @Test("deleteOne(db, id:) deletes by id")
    func deleteOne() throws { #expect(try RecordSnippets.deleteOneByID()) }

    @Test("updateAll sets a column on the selected rows")
    func updateAll() throws { #expect(try RecordSnippets.updateAll() == [100, 0, 0]) }

    @Test("exists(db, id:) tells whether a row exists")
    func exists() throws {
        let (present, absent) = try RecordSnippets.exists()
        #expect(present)
        #expect(!absent)
    }

    @Test("insert(db, onConflict: .ignore) skips a conflicting row")
    func insertOrIgnore() throws { #expect(try RecordSnippets.insertOrIgnore() == 3) }

    @Test("a record with UUID, Date, URL and Decimal round-trips")
    func foundationValues() throws {
        let place = try #require(try RecordSnippets.foundationValuesInARecord())
        #expect(place.visitedAt == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(place.homepage?.absoluteString == "https://www.louvre.fr")
        #expect(place.fee == Decimal(string: "17.50"))
    }

    @Test("a Date property is stored as GRDB's UTC text")
    func storedDate() throws { #expect(try RecordSnippets.storedDateText() == "1970-01-01 00:00:00.000") }

    // MARK: SQL, cursors, transactions

    @Test("execute(sql:arguments:) with positional and named arguments, rows read without try")
    func executeAndFetchRows() throws { #expect(try DatabaseSnippets.executeAndFetchRows() == ["Paris*", "London"]) }

    @Test("a row cursor is read with while let")
    func rowCursor() throws { #expect(try DatabaseSnippets.rowCursorLoop() == 3100) }

    @Test("rows read by index and by Column")
    func rowByIndexAndColumn() throws {
        let (id, name) = try DatabaseSnippets.rowByIndexAndColumn()
        #expect(id == 1)
        #expect(name == "Arthur")
    }

    @Test("Int.fetchOne and String.fetchAll read values")
    func fetchValues() throws {
        let (count, names) = try DatabaseSnippets.fetchValues()
        #expect(count == 3)
        #expect(names == ["Barbara", "Craig"])
    }

    @Test("row.decode throws for a value that is not the requested type")
    func decodeThrows() throws { #expect(try DatabaseSnippets.decodeThrowsForBadValue()) }

    @Test("Array(cursor) collects a cursor")
    func arrayFromCursor() throws { #expect(try DatabaseSnippets.arrayFromCursor().count == 3) }

    @Test("cursor filter, map and compactMap are lazy cursors")
    func lazyCursors() throws { #expect(try DatabaseSnippets.lazyCursorAdapters() == ["B", "C"]) }

    @Test("execute(literal:) binds interpolated values")
    func executeLiteral() throws { #expect(try DatabaseSnippets.executeLiteral() == 42) }

    @Test("an SQLRequest from interpolation fetches records")
    func sqlRequest() throws { #expect(try DatabaseSnippets.sqlRequest().map(\.name) == ["Barbara", "Craig"]) }

    @Test("SQLRequest(sql:arguments:) fetches one record")
    func sqlRequestArguments() throws { #expect(try DatabaseSnippets.sqlRequestWithArguments()?.score == 2000) }

    @Test("filter(literal:) binds interpolated values")
    func filterLiteral() throws { #expect(try DatabaseSnippets.filterLiteral() == ["Barbara"]) }

    @Test("write rolls back when its closure throws")
    func writeRollsBack() throws { #expect(try DatabaseSnippets.writeRollsBackOnError() == 3) }

    @Test("inTransaction commits or rolls back as its closure says")
    func inTransaction() throws { #expect(try DatabaseSnippets.explicitTransaction() == 4) }

    @Test("inSavepoint rolls back only its own changes")
    func savepoint() throws { #expect(try DatabaseSnippets.savepoint() == ["Kept"]) }

    // MARK: Schema, configuration, associations, pools

    @Test("the migrator runs create(table:) and alter(table:) migrations")
    func migrations() throws { #expect(try DatabaseSnippets.migrationsWithAlter() == ["id", "name", "email"]) }

    @Test("Configuration.prepareDatabase runs on every connection")
    func prepareDatabase() throws { #expect(try DatabaseSnippets.prepareDatabaseRunsOnEveryConnection() == -4000) }

    @Test("busyMode = .timeout(5) and a label configure a queue")
    func busyMode() throws { #expect(try DatabaseSnippets.busyTimeoutConfiguration()) }

    @Test("foreign keys are enforced by default: cascades run, dangling references are refused")
    func foreignKeys() throws {
        let result = try DatabaseSnippets.foreignKeysAreEnforced()
        #expect(result.deletedBooks == 2)
        #expect(result.rejected)
    }

    @Test("including(required:) a belongsTo association decodes both records")
    func belongsToRequired() throws {
        #expect(try DatabaseSnippets.belongsToRequired() == [
            "Emma by Austen", "The Hobbit by Tolkien", "The Silmarillion by Tolkien",
        ])
    }

    @Test("including(optional:) decodes nil for a missing associated record")
    func belongsToOptional() throws {
        #expect(try DatabaseSnippets.belongsToOptional() == [
            "Anonymous: -", "Emma: Austen", "The Hobbit: Tolkien", "The Silmarillion: Tolkien",
        ])
    }

    @Test("including(all:) a hasMany association decodes each list")
    func hasManyAll() throws {
        #expect(try DatabaseSnippets.hasManyAll() == ["Tolkien": 2, "Austen": 1, "Nobody": 0])
    }

    @Test("joining(required:) keeps only rows with an associated row")
    func joiningRequired() throws { #expect(try DatabaseSnippets.joiningRequiredFilters() == ["Austen", "Tolkien"]) }

    @Test("a DatabasePool reads and writes a file")
    func pool() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("grdb-fidelity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try DatabaseSnippets.poolReadsAndWrites(directory: directory) == 1)
    }

    @Test("async read and write")
    func asyncAccess() async throws {
        #expect(try await DatabaseSnippets.asyncAccess() == ["Arthur", "Async", "Barbara", "Craig"])
    }

    @Test("a read-only configuration refuses writes")
    func readOnly() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("grdb-fidelity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try DatabaseSnippets.readOnlyConfiguration(directory: directory))
    }

    @Test("ValueObservation.values(in:) delivers the value after each write")
    func observation() async throws {
        #expect(try await DatabaseSnippets.observeValues() == [[], ["Zoe"], ["Adam", "Zoe"]])
    }

    @Test("usePassphrase in prepareDatabase encrypts and reopens a database")
    func passphrase() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("grdb-fidelity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try DatabaseSnippets.encryptedDatabase(directory: directory) == 1)
    }
}

import Foundation
import MMEXFiles
import MMEXSchema
import SQLiteEngine
import TestSupport
import Testing

@Suite("MMEX version 21 schema")
struct SchemaTests {
    /// A database built from the upstream reference file as it is (with its `_tr_` markers).
    func referenceDatabase() throws -> EngineConnection {
        let text = try String(contentsOf: SharedData.referenceSchema, encoding: .utf8)
        let connection = try EngineConnection(path: ":memory:", options: .create)
        try connection.execute(text)
        return connection
    }

    func createdDatabase(_ folder: TemporaryDirectory) throws -> EngineConnection {
        try MMEXFileCreator.create(at: folder.path("new.mmb"))
    }

    @Test("a created file has the reference's tables, columns, collations, constraints and indexes", .needsSharedData)
    func createdSchemaMatchesReference() throws {
        let folder = TemporaryDirectory()
        let created = try SchemaShape.read(from: createdDatabase(folder))
        let reference = try SchemaShape.read(from: referenceDatabase())
        #expect(created.tables.count == 25)
        #expect(created.tables == reference.tables)
        #expect(created.tableSQL == reference.tableSQL)
        #expect(created.indexes == reference.indexes)
        #expect(SchemaCheck(file: created, reference: reference).isClean)
    }

    @Test("a created file has the reference's default rows, without _tr_ markers", .needsSharedData)
    func createdDefaultRowsMatchReference() throws {
        let folder = TemporaryDirectory()
        let created = try createdDatabase(folder)
        let reference = try referenceDatabase()
        for table in try TableDumper.tableNames(reference) {
            let sql = "SELECT * FROM \(quoteIdentifier(table)) ORDER BY rowid"
            let stripped = try reference.rows(sql).map { row in
                row.map { value in value.textValue.map { SQLiteValue.text($0.replacingOccurrences(of: "_tr_", with: "")) } ?? value }
            }
            #expect(try created.rows(sql) == stripped, "table \(table)")
        }
        #expect(try created.scalar("SELECT count(*) FROM CURRENCYFORMATS_V1") == .integer(168))
        #expect(try created.scalar("SELECT count(*) FROM CATEGORY_V1 WHERE CATEGNAME LIKE '%\\_tr\\_%' ESCAPE '\\'") == .integer(0))
        #expect(try created.scalar("SELECT INFOVALUE FROM INFOTABLE_V1 WHERE INFONAME = 'DATAVERSION'") != nil)
    }

    @Test("a created file has user_version 21 and the default rollback journal")
    func createdFileVersion() throws {
        let folder = TemporaryDirectory()
        let created = try createdDatabase(folder)
        #expect(try created.userVersion == 21)
        #expect(try created.pragma("journal_mode") == .text("delete"))
        #expect(try created.pragma("foreign_keys") == .integer(0))
    }

    @Test("create refuses an existing path and leaves it unchanged")
    func createRefusesExistingPath() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("taken.mmb")
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: DatabaseFileError.exists(path: path)) { try MMEXFileCreator.create(at: path) }
        #expect(FileManager.default.contents(atPath: path) == Data("keep me".utf8))
    }

    @Test("the schema splits into the paragraphs the MMEX app runs, each a complete statement batch")
    func paragraphsAreComplete() throws {
        let paragraphs = try MMEXSchema.tablesParagraphs()
        #expect(paragraphs.count > 25)
        let connection = try EngineConnection(path: ":memory:", options: .create)
        for paragraph in paragraphs { try connection.execute(paragraph) }
        #expect(try TableDumper.tableNames(connection).count == 25)
    }

    @Test("Schema/tables.sql is the reference with the _tr_ markers stripped", .needsSharedData)
    func tablesSQLIsReferenceWithoutMarkers() throws {
        let reference = try String(contentsOf: SharedData.referenceSchema, encoding: .utf8)
        #expect(try MMEXSchema.tablesSQL() == reference.replacingOccurrences(of: "_tr_", with: ""))
    }
}

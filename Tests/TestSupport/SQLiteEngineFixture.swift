import Foundation
import SQLiteEngine

/// Small databases made on the spot for tests.
public enum SQLiteEngineFixture {
    /// A plain database at `path` made by running `sql`.
    public static func plain(at path: String, sql: String) throws -> EngineConnection {
        let connection = try EngineConnection(path: path, options: .create)
        try connection.execute(sql)
        return connection
    }

    /// A plain database with a few hundred rows across several pages.
    public static func sampleDatabase(at path: String) throws -> EngineConnection {
        let connection = try EngineConnection(path: path, options: .create)
        try connection.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT); BEGIN;")
        let insert = try connection.prepare("INSERT INTO t(v) VALUES (?)")
        for index in 0..<2000 {
            try insert.bind(.text(String(repeating: "row \(index) ", count: 8)), at: 1)
            _ = try insert.step()
            insert.reset()
        }
        try connection.execute("COMMIT")
        return connection
    }
}

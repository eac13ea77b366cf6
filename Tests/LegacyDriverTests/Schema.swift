import Foundation
import LegacyDriver
import SQLiteEngine

/// The tables and columns the legacy driver's tests use.
enum Schema {
    static let users = Table("users")
    static let posts = Table("posts")
    static let id = SQLExpression<Int64>("id")
    static let name = SQLExpression<String>("name")
    static let email = SQLExpression<String?>("email")
    static let age = SQLExpression<Int?>("age")
    static let balance = SQLExpression<Decimal>("balance")
    static let active = SQLExpression<Bool>("active")
    static let joined = SQLExpression<Date?>("joined")
    static let avatar = SQLExpression<Data?>("avatar")
    static let score = SQLExpression<Double?>("score")
    static let userId = SQLExpression<Int64>("user_id")
    static let title = SQLExpression<String>("title")

    /// `users(id, name NOCASE, email, age, balance numeric, active, joined, avatar, score)` and
    /// `posts(id, user_id, title)`.
    static let createSQL = """
        CREATE TABLE users(
            id INTEGER PRIMARY KEY, name TEXT NOT NULL COLLATE NOCASE, email TEXT UNIQUE, age INTEGER,
            balance numeric NOT NULL DEFAULT 0, active INTEGER NOT NULL DEFAULT 1, joined TEXT, avatar BLOB, score REAL
        );
        CREATE TABLE posts(id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, title TEXT NOT NULL);
        """

    /// An in-memory database with the schema.
    static func database() throws -> Connection {
        let db = try Connection()
        try db.execute(createSQL)
        return db
    }

    /// An in-memory database with a few users and posts:
    /// 1 Alice (30, alice@example.com), 2 bob (NULL age, no email), 3 Ćelik (45), 4 dave (17, inactive).
    static func populated() throws -> Connection {
        let db = try database()
        try db.execute("""
            INSERT INTO users(id, name, email, age, balance, active) VALUES
                (1, 'Alice', 'alice@example.com', 30, 10.5, 1),
                (2, 'bob', NULL, NULL, 0, 1),
                (3, 'Ćelik', 'celik@example.com', 45, 0.1, 1),
                (4, 'dave', 'dave@example.com', 17, 0.2, 0);
            INSERT INTO posts(id, user_id, title) VALUES (1, 1, 'Hello'), (2, 1, 'Again'), (3, 3, 'Здравствуйте');
            """)
        return db
    }
}

/// The to-do file's schema, run by both drivers' sessions on a new file: the same SQL text on both sides, so the
/// two leave the same `sqlite_master` behind (the differential compares it).
///
/// The version lives in `PRAGMA user_version`, as SQLite.swift apps usually keep it, and both drivers keep it
/// there: a GRDB-style migrator would record its migrations in a ledger table of its own instead (a table the legacy
/// side never has), which a port must either avoid, as here, or tell the differential to ignore on purpose.
public enum TodoSchema {
    /// The schema version this build creates and understands.
    public static let version: Int32 = 1

    /// The tables a file of this app has (a file without them is not a to-do file).
    public static let tables = ["lists", "items"]

    /// Creates version 1 on an empty file (run inside one transaction, with `user_version` set after it).
    ///
    /// `items.listId` references `lists.id` with `ON DELETE CASCADE`: SQLite enforces it only on connections that
    /// turn `PRAGMA foreign_keys` on (SQLite.swift leaves it off, GRDB turns it on). Both sessions of this app turn
    /// it on explicitly, so deleting a list deletes its items on either driver.
    public static let createVersion1 = """
        CREATE TABLE "lists" (
            "id" INTEGER PRIMARY KEY NOT NULL,
            "title" TEXT NOT NULL,
            "createdAt" TEXT NOT NULL,
            "isArchived" INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE "items" (
            "id" TEXT PRIMARY KEY NOT NULL,
            "listId" INTEGER NOT NULL REFERENCES "lists"("id") ON DELETE CASCADE,
            "title" TEXT NOT NULL,
            "notes" TEXT,
            "dueDate" TEXT,
            "priority" REAL NOT NULL DEFAULT 0,
            "isDone" INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX "items_on_listId" ON "items"("listId");
        """
}

/// Title search as both drivers run it: SQLite's `LIKE` (case-insensitive for ASCII letters) with `\` escaping the
/// pattern characters, so a search for `50%` finds titles containing `50%`.
public enum TitleSearch {
    /// The escape character of the pattern (`LIKE ? ESCAPE '\'`).
    public static let escape: Character = "\\"

    /// `%text%`, with `%`, `_` and `\` in `text` escaped.
    public static func pattern(containing text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == escape { escaped.append(escape) }
            escaped.append(character)
        }
        return "%" + escaped + "%"
    }
}

/// A difference real driver ports keep running into, named so a report can say what it is and what to do about it
/// instead of showing a raw field difference.
///
/// The harness names the trap of every mismatch it recognises (``Mismatch/trap``, through ``PortingTrap/classify(_:)``):
/// the report then carries one line with the trap's name and its advice, in text and in JSON. The catalogue is
/// ``all``; the ``id``s are stable (reports and documents quote them).
public struct PortingTrap: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Stable identifier (`date-format`), for reports, documents and tests.
    public let id: String
    /// What it is, in a few words (`date format`).
    public let name: String
    /// What to do about it: one or two sentences.
    public let advice: String

    /// A trap of an app's own, for a ``DifferentialHarness/classifyTrap`` that names more than
    /// ``all``: give it a stable `id`, a short `name` and one or two sentences of `advice`.
    public init(id: String, name: String, advice: String) {
        self.id = id
        self.name = name
        self.advice = advice
    }

    /// `porting trap date-format (date format): write dates in the form the legacy side writes ...`.
    public var description: String { "porting trap \(id) (\(name)): \(advice)" }

    /// A date written in another text form by each side: `T` against a space between day and time, another
    /// number of fraction digits (or none), a day alone against a date and time, or text against a number.
    public static let dateFormat = PortingTrap(
        id: "date-format",
        name: "date format",
        advice: "write dates in exactly the form the legacy side writes (separator, fraction digits, day-only or "
            + "date-time), explicitly in one place, and read every form; mixed forms also break ORDER BY and "
            + "comparisons on the column"
    )

    /// A UUID stored as text by one side and as a 16-byte blob by the other, or as text in another case.
    public static let uuidForm = PortingTrap(
        id: "uuid-form",
        name: "UUID as text vs blob",
        advice: "bind the UUID in the legacy side's form (SQLite.swift: upper-case uuidString text; GRDB's default "
            + "is a 16-byte blob): WHERE id = ? with the other form never matches the rows already stored"
    )

    /// A number stored as INTEGER by one side and as REAL by the other.
    public static let integerVersusReal = PortingTrap(
        id: "integer-vs-real",
        name: "integer vs real",
        advice: "bind the same Swift type as the legacy side (Int64 vs Double); the storage class changes "
            + "typeof(), integer division and what equality with a bound value finds"
    )

    /// A number stored as TEXT by one side and as a number by the other (type affinity).
    public static let numberAsText = PortingTrap(
        id: "number-as-text",
        name: "number stored as text",
        advice: "bind numbers as numbers (and decimals in the legacy side's class); in a column without numeric "
            + "affinity text stays text, so sums, comparisons and ORDER BY change"
    )

    /// A boolean stored as INTEGER 0/1 by one side and as text (`true`, `t`, `yes`) or another value by the
    /// other, or returned as a Bool by one side and as a number by the other.
    public static let booleanForm = PortingTrap(
        id: "boolean-form",
        name: "boolean as integer vs text",
        advice: "store booleans as INTEGER 0/1 as both libraries do, bind Bool (never text), and compare with 0/1 "
            + "in hand-written SQL"
    )

    /// A write refused for a foreign key on one side only: foreign-key enforcement differs between the sessions.
    public static let foreignKeyOneSide = PortingTrap(
        id: "foreign-key-one-side",
        name: "foreign-key failure on one side only",
        advice: "set PRAGMA foreign_keys explicitly and identically on both sides (SQLite and SQLite.swift leave it "
            + "off, GRDB turns it on): enforcement changes what is refused and what ON DELETE CASCADE removes"
    )

    /// The journal mode left in the file differs, or WAL sidecars (`-wal`, `-shm`) are left beside one copy.
    public static let journalModeAndSidecars = PortingTrap(
        id: "journal-mode-sidecars",
        name: "journal mode and WAL sidecars",
        advice: "leave the journal mode as the file came (a pool switches to WAL: put the original mode back on "
            + "close), never leave -wal/-shm beside a file that travels alone, and move sidecars with the file"
    )

    /// A migrator's ledger table (`grdb_migrations`, `schema_migrations`, ...) only one side creates.
    public static let migrationLedger = PortingTrap(
        id: "migration-ledger",
        name: "migrator's ledger table",
        advice: "keep the legacy schema version (PRAGMA user_version) on both sides during the port; if the new "
            + "side adopts a migrator, register the existing schema as its first migration, keep user_version in "
            + "step and list the ledger in StateComparison.ignoredTables"
    )

    /// A value the candidate wrote that the baseline (the legacy driver) cannot read back, or reads as something
    /// else: users who roll back to the previous build, or share the file with other apps, lose it.
    public static let notReadableByLegacy = PortingTrap(
        id: "not-readable-by-legacy",
        name: "not readable by the legacy driver",
        advice: "write every value in the form the legacy side decodes (dates, UUIDs, numbers, booleans): the "
            + "previous build, and other apps sharing the file, must still read what the new driver wrote"
    )

    /// Both sides stored the same date text, but returned different dates: the two libraries *parse* the stored text
    /// differently (SQLite.swift's `dateFormatter` against GRDB's own date decoding), so the fix is on the read
    /// side, not in how dates are written.
    public static let dateParse = PortingTrap(
        id: "date-parse",
        name: "date parsed differently",
        advice: "the stored text is the same on both sides; decode dates in one explicit place with the legacy "
            + "side's parser and time zone (a custom column type or decoding strategy) instead of each library's "
            + "default, and leave the stored form as it is"
    )

    /// An index (or other schema object that is not a table) only one side creates: GRDB's `.indexed()` in a table
    /// definition, an index a migration adds.
    public static let schemaExtraIndex = PortingTrap(
        id: "schema-extra-index",
        name: "index on one side only",
        advice: "create exactly the legacy side's indexes (drop `.indexed()` and migration-added indexes, or add them "
            + "on both sides in one migration): indexes change query plans, the order of rows ORDER BY leaves tied, "
            + "and the file every other client opens"
    )

    /// The candidate's real opening path (its migrator, foreign-key check or integrity check) refuses the file the
    /// legacy side left: on the day users switch builds, the new one cannot open their data.
    public static let candidateRefusesLegacyFile = PortingTrap(
        id: "candidate-refuses-legacy-file",
        name: "the candidate refuses the legacy side's file",
        advice: "open real users' files, as the legacy build leaves them, through the new build's opening path: "
            + "a migrator or `PRAGMA foreign_key_check` fails on rows the legacy side allowed (foreign keys off, "
            + "duplicates, other forms); clean them up in the first migration or relax the check"
    )

    /// A value stored as its JSON text by one side (`"card"` with the quotes, `"https:\/\/…"`) and as the plain
    /// value by the other: SQLite.swift's `Codable` support encodes a property that is not a SQLite type (an enum, a
    /// `URL`, a nested struct) as JSON text, GRDB stores an enum's raw value and a URL's absolute string.
    public static let codableJSONText = PortingTrap(
        id: "codable-json-text",
        name: "Codable value stored as JSON text",
        advice: "store each such property in the legacy side's form: with SQLite.swift's Codable rows, enums and "
            + "URLs are JSON text (quoted, slashes escaped); encode and decode that form explicitly on the new side, "
            + "or migrate the column once, in one place"
    )

    /// A column one side stored as NULL and the other kept (or wrote) a value in: SQLite.swift's `Codable`
    /// `insert(_:)`/`update(_:)` leave out `nil` properties (the column keeps its value or default), GRDB's records
    /// write every column; or a port that forgot a column.
    public static let nullOnOneSide = PortingTrap(
        id: "null-on-one-side",
        name: "NULL on one side only",
        advice: "write the column explicitly on both sides: SQLite.swift's Codable insert/update skip nil "
            + "optionals, so the column keeps its old value (or its default) where GRDB's record writes NULL; decide "
            + "which the app means and set that column in the new code"
    )

    /// A write's answer differs while what it left does not: SQLite counts the rows an `UPDATE` *matched*
    /// (`sqlite3_changes`, what SQLite.swift's `run(update)` returns), a row set to the value it already had included;
    /// GRDB's `updateChanges` answers whether a *value changed*, and runs no `UPDATE` when none did. The same call on a
    /// row that already holds the value returns `true` (1) on one side and `false` (0) on the other.
    ///
    /// Named only on evidence the harness gathers itself: both sides returned a Bool, or both a count, and they differ;
    /// at least one side began a write transaction during the operation (``ChangedPageTracking`` sees the lock); and
    /// the stored rows compared equal afterwards, but for differences of form (``sameValueForms``).
    public static let changesVersusMatches = PortingTrap(
        id: "changes-vs-matches",
        name: "rows changed vs rows matched",
        advice: "decide which question the app's answer means and ask it the same way on both sides: for \"the row "
            + "was found\" write with update/updateAll on GRDB and answer db.changesCount > 0 (SQLite's rows matched, "
            + "as SQLite.swift's run(update) returns); for \"a value changed\" read the stored value and compare "
            + "before writing, on the legacy side too"
    )

    /// Every trap the classifier names, in the order it tries them.
    public static let all: [PortingTrap] = [
        notReadableByLegacy, journalModeAndSidecars, migrationLedger, foreignKeyOneSide, dateFormat, uuidForm,
        booleanForm, integerVersusReal, numberAsText, codableJSONText, nullOnOneSide, dateParse, schemaExtraIndex,
        candidateRefusesLegacyFile, changesVersusMatches,
    ]

    /// The traps of a stored value written in another form by each side, the value itself the same (a date's text, a
    /// UUID's text or blob, ...): rows that differ only by these hold the same data.
    /// ``changesVersusMatches`` takes the stored rows as equal when they differ by nothing else.
    public static let sameValueForms: Set<String> = [
        dateFormat.id, uuidForm.id, booleanForm.id, integerVersusReal.id, numberAsText.id, codableJSONText.id,
    ]

    /// The traps in the *form* of stored or returned values (and foreign-key enforcement): a difference in the same
    /// scenario that no trap names is most likely their consequence (a lookup by a UUID finding nothing, a count,
    /// an ordering, an accepted duplicate), and ``DifferentialHarness`` names it so.
    public static let rootCauses: Set<String> = [
        dateFormat.id, dateParse.id, uuidForm.id, booleanForm.id, integerVersusReal.id, numberAsText.id,
        foreignKeyOneSide.id, codableJSONText.id, nullOnOneSide.id,
    ]
}

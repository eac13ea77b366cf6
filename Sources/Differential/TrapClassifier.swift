import Foundation

extension PortingTrap {
    /// The known porting trap `mismatch` is, or `nil`.
    ///
    /// Reads what the harness puts in a mismatch: its kind, its field, and the two sides as rendered: stored values
    /// as their SQL literal and storage class (`'2026-01-02T10:00:00.000' (text)`, `x'00ff…' (blob)`, `5 (integer)`),
    /// returned values as compact JSON-like text (`"ABC…"`, `true`, `1.5`), outcomes as `threw …` / `returned …`,
    /// file lists as comma-separated names. Only a difference in *form* is named: two dates of the same form on
    /// different days are a plain difference.
    public static func classify(_ mismatch: Mismatch) -> PortingTrap? {
        switch mismatch.kind {
        case .readBack:
            return .notReadableByLegacy
        case .journalMode:
            return .journalModeAndSidecars
        case .sidecars:
            return TrapRules.sidecarsDiffer(mismatch.baseline, mismatch.candidate) ? .journalModeAndSidecars : nil
        case .userVersion:
            return .migrationLedger
        case .schema:
            if TrapRules.ledgerSchemaEntry(mismatch) { return .migrationLedger }
            return TrapRules.extraIndex(mismatch) ? .schemaExtraIndex : nil
        case .rows:
            if TrapRules.ledgerTable(mismatch) { return .migrationLedger }
            if let trap = TrapRules.valueTrap(mismatch) { return trap }
            return TrapRules.nullOnOneSide(mismatch) ? .nullOnOneSide : nil
        case .result:
            if TrapRules.foreignKeyOnOneSide(mismatch.baseline, mismatch.candidate) { return .foreignKeyOneSide }
            return TrapRules.valueTrap(mismatch)
        case .crash:
            return nil
        case .open, .close:
            return TrapRules.foreignKeyOnOneSide(mismatch.baseline, mismatch.candidate) ? .foreignKeyOneSide : nil
        }
    }
}

/// The rules ``PortingTrap/classify(_:)`` applies, one per trap.
enum TrapRules {
    // MARK: Files

    /// The files beside the two copies differ by a `-wal`, `-shm` or `-journal`.
    static func sidecarsDiffer(_ baseline: String, _ candidate: String) -> Bool {
        let left = Set(names(baseline))
        let right = Set(names(candidate))
        return left.symmetricDifference(right).contains { name in
            name.hasSuffix("-wal") || name.hasSuffix("-shm") || name.hasSuffix("-journal")
        }
    }

    private static func names(_ list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    // MARK: Ledger tables

    /// Whether a table name looks like a migrator's ledger (`grdb_migrations`, `schema_migrations`,
    /// `driverport_migrations`, `flyway_schema_history`, `__EFMigrationsHistory`, `schema_version`).
    static func looksLikeLedger(_ table: String) -> Bool {
        let name = table.lowercased()
        return name.contains("migration") || name.contains("schema_version") || name.contains("schemaversion")
            || name.contains("schema_history")
    }

    /// A whole table one side has and the other has not, named like a ledger.
    static func ledgerTable(_ mismatch: Mismatch) -> Bool {
        guard !mismatch.field.contains("["), !mismatch.field.contains(".") else { return false }
        return (mismatch.baseline == "(absent)") != (mismatch.candidate == "(absent)") && looksLikeLedger(mismatch.field)
    }

    /// A `sqlite_master` entry (`table grdb_migrations`, its autoindex) only one side has, of a ledger table.
    static func ledgerSchemaEntry(_ mismatch: Mismatch) -> Bool {
        let absent = (mismatch.baseline == "(absent)", mismatch.candidate == "(absent)")
        guard absent.0 != absent.1 else { return false }
        let present = absent.0 ? mismatch.candidate : mismatch.baseline
        // The value is `tbl_name: sql`; the field is `type name`.
        let table = present.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        let name = mismatch.field.split(separator: " ", maxSplits: 1).last.map(String.init) ?? ""
        return looksLikeLedger(table) || looksLikeLedger(name)
    }

    /// An index only one side has (the field is `index NAME`).
    static func extraIndex(_ mismatch: Mismatch) -> Bool {
        mismatch.field.hasPrefix("index ") && (mismatch.baseline == "(absent)") != (mismatch.candidate == "(absent)")
    }

    // MARK: Foreign keys

    /// One side failed for a foreign key and the other did not (returned, or failed for something else).
    static func foreignKeyOnOneSide(_ baseline: String, _ candidate: String) -> Bool {
        mentionsForeignKey(baseline) != mentionsForeignKey(candidate)
    }

    private static func mentionsForeignKey(_ text: String) -> Bool {
        guard text.hasPrefix("threw") || !text.hasPrefix("returned") else { return false }
        let lowered = text.lowercased()
        return lowered.contains("foreign key") || lowered.contains("foreignkey") || lowered.contains("foreign_key")
    }

    // MARK: Values

    /// A trap in the form of one value: date, UUID, boolean, integer vs real, number as text.
    static func valueTrap(_ mismatch: Mismatch) -> PortingTrap? {
        guard
            let left = RenderedValue(parsing: mismatch.baseline),
            let right = RenderedValue(parsing: mismatch.candidate)
        else { return nil }
        if let trap = dateTrap(left, right, field: mismatch.field) { return trap }
        if uuidFormsDiffer(left, right) { return .uuidForm }
        if booleanFormsDiffer(left, right) || booleanFormsDiffer(right, left) { return .booleanForm }
        switch (left, right) {
        case (.integer, .real), (.real, .integer): return .integerVersusReal
        default: break
        }
        if numberAsText(left, right) || numberAsText(right, left) { return .numberAsText }
        if jsonText(left, right) || jsonText(right, left) { return .codableJSONText }
        return nil
    }

    /// The whole outcome of an operation is a Bool on both sides, or a count (an integer, not negative) on both, and
    /// they differ: what a write answers (``PortingTrap/changesVersusMatches``, with the harness's other evidence).
    static func answersDiffer(_ mismatch: Mismatch) -> Bool {
        guard mismatch.kind == .result, mismatch.field == "(result)",
              let left = RenderedValue(parsing: mismatch.baseline), let right = RenderedValue(parsing: mismatch.candidate)
        else { return false }
        switch (left, right) {
        case (.bool(let a), .bool(let b)): return a != b
        case (.integer(let a), .integer(let b)): return a >= 0 && b >= 0 && a != b
        default: return false
        }
    }

    /// A stored column (`table[rowid N].column`) NULL on one side and a value on the other.
    static func nullOnOneSide(_ mismatch: Mismatch) -> Bool {
        guard mismatch.field.contains("]."),
              let left = RenderedValue(parsing: mismatch.baseline), let right = RenderedValue(parsing: mismatch.candidate)
        else { return false }
        return (left == .null) != (right == .null)
    }

    /// `left` is text holding the JSON encoding of `right`'s text (a quoted string, `/` optionally escaped).
    private static func jsonText(_ left: RenderedValue, _ right: RenderedValue) -> Bool {
        guard case .text(let json) = left, case .text(let plain) = right, json.count >= 2, json.hasPrefix("\""),
              json.hasSuffix("\""), let data = json.data(using: .utf8),
              let decoded = try? JSONDecoder().decode(String.self, from: data)
        else { return false }
        return decoded == plain
    }

    private static func dateTrap(_ left: RenderedValue, _ right: RenderedValue, field: String) -> PortingTrap? {
        switch (left, right) {
        case (.text(let a), .text(let b)):
            guard let x = DateShape(a), let y = DateShape(b) else { return nil }
            return x != y ? .dateFormat : nil
        case (.text(let a), .integer), (.text(let a), .real):
            return DateShape(a) != nil ? .dateFormat : nil
        case (.integer, .text(let b)), (.real, .text(let b)):
            return DateShape(b) != nil ? .dateFormat : nil
        case (.real(let a), .real(let b)):
            // Returned `Date`s encode as seconds: less than a second apart in a date field is precision.
            let leaf = field.split(separator: ".").last.map(String.init) ?? ""
            let dateField = leaf.lowercased().contains("date") || leaf.lowercased().contains("time")
                || leaf.hasSuffix("At")
            return dateField && a != b && abs(a - b) < 1 ? .dateFormat : nil
        default:
            return nil
        }
    }

    private static func uuidFormsDiffer(_ left: RenderedValue, _ right: RenderedValue) -> Bool {
        switch (left, right) {
        case (.text(let a), .blob(let hex)), (.blob(let hex), .text(let a)):
            return isUUIDText(a) && hex.count == 32
        case (.text(let a), .text(let b)):
            return isUUIDText(a) && isUUIDText(b) && a != b && a.lowercased() == b.lowercased()
        default:
            return false
        }
    }

    static func isUUIDText(_ text: String) -> Bool {
        let characters = Array(text.utf8)
        guard characters.count == 36 else { return false }
        for (index, character) in characters.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                if character != UInt8(ascii: "-") { return false }
            } else if !isHexDigit(character) {
                return false
            }
        }
        return true
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// `left` is a boolean as 0/1 (or a Bool) and `right` the same truth in another form.
    private static func booleanFormsDiffer(_ left: RenderedValue, _ right: RenderedValue) -> Bool {
        switch left {
        case .integer(let value) where value == 0 || value == 1: break
        case .bool: break
        default: return false
        }
        switch right {
        case .text(let text):
            // Text "0"/"1" against 0/1 is a number stored as text; words are a boolean in another form.
            return ["true", "false", "t", "f", "yes", "no", "y", "n"].contains(text.lowercased())
        case .bool:
            if case .integer = left { return true }
            return false
        case .integer(let value) where value == 0 || value == 1:
            if case .bool = left { return true } else { return false }
        default: return false
        }
    }

    /// `left` is text holding a number and `right` a number.
    private static func numberAsText(_ left: RenderedValue, _ right: RenderedValue) -> Bool {
        guard case .text(let text) = left, let number = Double(text.trimmingCharacters(in: .whitespaces)) else { return false }
        switch right {
        case .integer(let value): return number == Double(value)
        case .real(let value): return number == value
        default: return false
        }
    }
}

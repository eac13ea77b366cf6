import Foundation

/// A difference between the baseline and the candidate that the port keeps on purpose, with its reason.
///
/// An app lists its known differences (and documents each by ``id``) and gives them to the harness
/// (``DifferentialHarness/knownDifferences``): a mismatch one covers is reported apart, in
/// ``ScenarioReport/known``, marked with the id (``Mismatch/knownDifference``), and does not fail the run or start
/// shrinking. Anything else that differs still does.
///
/// ```swift
/// let walStays = KnownDifference(
///     id: "legacy-takes-wal-files-out-of-wal",
///     summary: "the legacy session sets journal_mode=MEMORY; the new one leaves WAL files in WAL",
///     covers: { mismatch, source in mismatch.kind == .journalMode && source.isWALMode && mismatch.candidate == "wal" }
/// )
/// ```
public struct KnownDifference: Sendable {
    /// The identifier the app's documentation lists.
    public let id: String
    /// What differs and why the port keeps it.
    public let summary: String
    /// Whether this difference explains `mismatch`, given what is known of the source file.
    public let covers: @Sendable (_ mismatch: Mismatch, _ source: SourceFacts) -> Bool

    /// A known difference an app declares.
    ///
    /// - Parameters:
    ///   - id: The stable identifier the app's documentation lists.
    ///   - summary: What differs and why the port keeps it.
    ///   - covers: Whether the difference explains a mismatch, given the facts of the source file.
    public init(
        id: String, summary: String, covers: @escaping @Sendable (_ mismatch: Mismatch, _ source: SourceFacts) -> Bool
    ) {
        self.id = id
        self.summary = summary
        self.covers = covers
    }

    /// The first of `differences` that covers `mismatch`.
    public static func first(
        in differences: [KnownDifference], covering mismatch: Mismatch, _ source: SourceFacts
    ) -> KnownDifference? {
        differences.first { $0.covers(mismatch, source) }
    }
}

/// What a run knows of its source file, for deciding whether a ``KnownDifference`` applies.
public struct SourceFacts: Sendable, Hashable {
    /// The source is a WAL-mode file.
    public var isWALMode: Bool
    /// Anything else an app's known differences ask about (`"encrypted"`, `"desktop-sync-tables"`).
    public var labels: Set<String>

    /// Facts about a source file, given by hand (an encrypted file, whose header cannot be read) or with
    /// labels of the app's own.
    ///
    /// - Parameters:
    ///   - isWALMode: Whether the source file is in WAL mode.
    ///   - labels: Other facts the app's known differences test for.
    public init(isWALMode: Bool, labels: Set<String> = []) {
        self.isWALMode = isWALMode
        self.labels = labels
    }

    /// What the header of a plain SQLite file says (bytes 18-19 are 2 in WAL mode); an encrypted or unreadable
    /// file reads as not WAL (give the facts yourself for those: ``DifferentialHarness/sourceFacts``).
    public static func reading(plainFile path: String) -> SourceFacts {
        guard let handle = FileHandle(forReadingAtPath: path) else { return SourceFacts(isWALMode: false) }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 20)) ?? Data()
        let magic = Data("SQLite format 3\u{0}".utf8)
        let wal = header.count == 20 && header.prefix(16) == magic && header[18] == 2 && header[19] == 2
        return SourceFacts(isWALMode: wal)
    }
}

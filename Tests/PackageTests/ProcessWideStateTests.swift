import Foundation
import Testing

/// No global mutable state outside a lock and no process-wide behaviour switch in the package's modules: a scan of
/// Sources/ for what makes one in Swift, against a short list of the places that stay, each with its reason.
///
/// What counts: `nonisolated(unsafe)` (state the compiler cannot check), a `static var` with a setter (a switch any
/// caller flips for the whole process), and a global `let` holding a new object (a process-wide instance whose
/// insides can change). The executable's top-level code (`Sources/driverport/main.swift`) is the process itself and
/// is not scanned. A place that no longer exists must leave the list, so the list only shrinks.
@Suite("Process-wide state")
struct ProcessWideStateTests {
    /// `file: declaration` -> why it stays.
    static let allowed: [String: String] = [
        "Sources/LegacyDriver/Core/FoundationValues.swift: dateFormatter":
            "SQLite.swift's own public global, part of the modelled API; every use is under dateFormatterLock",
        "Sources/LegacyDriver/Core/FoundationValues.swift: dateFormatterLock":
            "the lock that guards dateFormatter",
        "Sources/SQLiteEngine/EngineStatement.swift: transientDestructor":
            "an immutable constant (SQLITE_TRANSIENT); a C function pointer type is not Sendable",
        "Sources/DriverPortCLI/PassphrasePrompt.swift: saved":
            "the terminal's settings, restored on a signal where no lock may be taken; written on one thread only",
        "Sources/DriverPortCLI/PassphrasePrompt.swift: descriptor":
            "the terminal's descriptor, with `saved`",
    ]

    /// What makes process-wide mutable state in Swift, by kind.
    static let patterns: [(kind: String, pattern: String)] = [
        ("nonisolated(unsafe)", #"nonisolated\(unsafe\)[^\n]*?\b(?:var|let)\s+(\w+)"#),
        ("settable static var", #"static\s+var\s+(\w+)\s*:[^{\n]*\{\s*\n?\s*get\b[^\n]*\n?\s*set\b"#),
        ("global object", #"(?m)^(?:public |package |internal |private |fileprivate )?let\s+(\w+)\s*=\s*[A-Z]\w*\("#),
    ]

    /// The places in one file's text (comment lines left out), as `file: name` -> kind.
    static func scan(_ text: String, file: String) throws -> [String: String] {
        let code = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : String($0) }
            .joined(separator: "\n")
        var found: [String: String] = [:]
        for (kind, pattern) in patterns {
            let regex = try NSRegularExpression(pattern: pattern)
            for match in regex.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                guard let range = Range(match.range(at: 1), in: code) else { continue }
                found["\(file): \(code[range])"] = kind
            }
        }
        return found
    }

    /// Every place in Sources/ that makes process-wide mutable state, as `file: name` -> kind.
    static func findings() throws -> [String: String] {
        let sources = PackageScripts.repositoryRoot.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(atPath: sources.path) else { return [:] }
        var found: [String: String] = [:]
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".swift"), relative != "driverport/main.swift" else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            found.merge(try scan(text, file: "Sources/\(relative)")) { first, _ in first }
        }
        return found
    }

    @Test("every place that makes process-wide mutable state is on the list, with its reason")
    func noUnlistedProcessWideState() throws {
        let found = try Self.findings()
        let unlisted = found.filter { Self.allowed[$0.key] == nil }
        let listing = unlisted.map { "\($0.key) (\($0.value))" }.sorted().joined(separator: "\n")
        #expect(unlisted.isEmpty, "process-wide state: pass it in as configuration or guard it:\n\(listing)")
    }

    @Test("every place on the list still exists (the list only shrinks)")
    func listHasNoStaleEntries() throws {
        let found = try Self.findings()
        let stale = Self.allowed.keys.filter { found[$0] == nil }
        #expect(stale.isEmpty, "no longer in the sources; remove from the list:\n\(stale.sorted().joined(separator: "\n"))")
    }

    @Test("the scan finds each kind in a sample, and nothing in a comment or a computed property")
    func scanFindsEachKind() throws {
        let sample = """
            nonisolated(unsafe) public var formatter = Formatter()
            enum Switches {
                public static var verbose: Bool {
                    get { flag.load(ordering: .relaxed) }
                    set { flag.store(newValue, ordering: .relaxed) }
                }
                public static var computed: Int { 1 }
            }
            package let registry = Registry()
            // package let commented = Registry()
            let limit = 10
            """
        let found = try Self.scan(sample, file: "S.swift")
        #expect(found == [
            "S.swift: formatter": "nonisolated(unsafe)", "S.swift: verbose": "settable static var",
            "S.swift: registry": "global object",
        ])
    }
}

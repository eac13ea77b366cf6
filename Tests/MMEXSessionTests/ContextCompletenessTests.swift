import Foundation
import Testing

/// A slice cannot be left out of one driver: the MMEX context protocols have no defaults, so a context that lacks a
/// repository does not compile. Pinned by type-checking two contexts against the built modules: one that vends
/// every repository (compiles) and the same one without `currencies` (refused, naming the protocol).
@Suite("MMEX contexts: a missing repository is a compile error")
struct ContextCompletenessTests {
    /// The module folder of the build this test runs from: `Modules` beside the test executable (any scratch path,
    /// `swift build --scratch-path` included), else `.build/debug/Modules` found from this file's place in the
    /// checkout.
    static var modules: URL? {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [
            executable.deletingLastPathComponent().appendingPathComponent("Modules"),
            root.appendingPathComponent(".build/debug/Modules"),
        ]
        return candidates.first { folder in
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("MMEXSession.swiftmodule").path)
        }
    }

    static let readRepositories = [
        ("infoTable", "InfoTableReading"), ("settings", "SettingsReading"), ("currencies", "CurrencyReading"),
        ("accounts", "AccountReading"), ("payees", "PayeeReading"), ("categories", "CategoryReading"),
        ("tags", "TagReading"), ("transactions", "TransactionReading"), ("scheduled", "ScheduledReading"),
        ("budgets", "BudgetReading"), ("assets", "AssetReading"), ("stocks", "StockReading"),
        ("reports", "ReportReading"), ("duplicates", "DuplicateReading"),
    ]

    /// A context forwarding every repository to another one, leaving out `omitted`.
    static func source(omitting omitted: String?) -> String {
        let members = readRepositories.filter { $0.0 != omitted }.map { name, type in
            "    var \(name): any \(type) { base.\(name) }"
        }
        return """
            import MMEXModel
            import MMEXSession
            struct Forwarding: MMEXReadContext {
                let base: any MMEXReadContext
            \(members.joined(separator: "\n"))
            }
            """
    }

    /// Type-checks `source` against the built modules; returns the exit status and what the compiler said.
    static func typecheck(_ source: String, modules: URL) throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("completeness-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Context.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test("a context vending every repository compiles; one without currencies does not")
    func missingRepositoryDoesNotCompile() throws {
        guard let modules = Self.modules else {
            Issue.record("no built modules beside the test executable or at .build/debug/Modules: run `swift build --build-tests` first")
            return
        }
        let complete = try Self.typecheck(Self.source(omitting: nil), modules: modules)
        #expect(complete.status == 0, "the complete context should compile: \(complete.output)")
        let incomplete = try Self.typecheck(Self.source(omitting: "currencies"), modules: modules)
        #expect(incomplete.status != 0)
        #expect(incomplete.output.contains("does not conform to protocol 'MMEXReadContext'"), "\(incomplete.output)")
    }
}

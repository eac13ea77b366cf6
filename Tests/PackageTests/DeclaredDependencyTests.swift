import Foundation
import Testing

@Suite("Package manifest")
struct DeclaredDependencyTests {
    @Test(
        "every target declares exactly the package modules it imports, depends only on lower layers, and none sets unsafeFlags (.ci/check-dependencies --layers)",
        .enabled(if: PackageScripts.executableOnPath("python3") != nil, "python3 is not on PATH: .ci/check-dependencies needs it")
    )
    func declaredDependenciesEqualImports() throws {
        let run = try PackageScripts.run("check-dependencies", ["--layers"])
        #expect(run.exitCode == 0, "declared dependencies, layers and imports differ:\n\(run.output)")
        #expect(run.output.contains("declared dependencies and layers and imports agree"), "unexpected output:\n\(run.output)")
    }
}

@Suite("check-dependencies")
struct CheckDependenciesScriptTests {
    /// Writes each file (relative path -> text) under `folder`.
    private func write(_ files: [String: String], in folder: URL) throws {
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// A package of three targets on disk and its manifest as `swift package dump-package` prints it: A imports B
    /// (undeclared) and declares C (never imported; `import C` appears only in a comment and a string literal), and
    /// B sets unsafeFlags.
    private func writeSamplePackage(in folder: URL) throws -> URL {
        let files: [String: String] = [
            "Sources/A/A.swift": """
                @testable import B
                import Foundation
                // import C
                let text = \"\"\"
                import C
                \"\"\"
                """,
            "Sources/B/B.swift": "public let b = 1\n",
            "Sources/C/C.swift": "public let c = 1\n",
        ]
        try write(files, in: folder)
        func target(_ name: String, _ dependencies: [String]) -> [String: Any] {
            ["name": name, "type": "regular", "dependencies": dependencies.map { ["byName": [$0, NSNull()]] }]
        }
        var unsafe = target("B", [])
        unsafe["settings"] = [["tool": "c", "kind": ["unsafeFlags": ["_0": ["-O2"]]]]]
        let manifest: [String: Any] = ["name": "Sample", "products": [], "targets": [target("A", ["C"]), unsafe, target("C", [])]]
        let url = folder.appendingPathComponent("manifest.json")
        try JSONSerialization.data(withJSONObject: manifest).write(to: url)
        return url
    }

    @Test(
        "reports an unused edge, an undeclared import and unsafeFlags, and ignores imports in comments and strings",
        .enabled(if: PackageScripts.executableOnPath("python3") != nil, "python3 is not on PATH: .ci/check-dependencies needs it")
    )
    func reportsBothKindsOfDifference() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-dependencies-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = try writeSamplePackage(in: folder)
        let run = try PackageScripts.run("check-dependencies", ["--package-path", folder.path, "--manifest-json", manifest.path])
        #expect(run.exitCode == 1, "expected exit 1 for a disagreeing package:\n\(run.output)")
        #expect(run.output.contains("unused: A declares C but never imports it"), "\(run.output)")
        #expect(run.output.contains("undeclared: A imports B (Sources/A/A.swift) without declaring it"), "\(run.output)")
        #expect(run.output.contains("unsafe: B sets unsafeFlags"), "\(run.output)")
        #expect(!run.output.contains("Foundation"), "a toolchain module was reported:\n\(run.output)")
        #expect(run.output.contains("(3 finding(s))"), "\(run.output)")
    }

    @Test(
        "reports a product that links test machinery through another target, naming the path, and passes one that does not",
        .enabled(if: PackageScripts.executableOnPath("python3") != nil, "python3 is not on PATH: .ci/check-dependencies needs it")
    )
    func reportsProductLinkingTestMachinery() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-dependencies-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            "Sources/Tool/Tool.swift": "import Core\n", "Sources/Core/Core.swift": "import Helpers\n",
            "Sources/Clean/Clean.swift": "public let clean = 1\n", "Tests/Helpers/Helpers.swift": "public let helper = 1\n",
        ]
        try write(files, in: folder)
        func target(_ name: String, _ dependencies: [String], path: String? = nil) -> [String: Any] {
            var target: [String: Any] = ["name": name, "type": "regular", "dependencies": dependencies.map { ["byName": [$0, NSNull()]] }]
            if let path { target["path"] = path }
            return target
        }
        let manifest: [String: Any] = [
            "name": "Sample",
            "products": [["name": "tool", "targets": ["Tool"]], ["name": "Clean", "targets": ["Clean"]]],
            "targets": [target("Tool", ["Core"]), target("Core", ["Helpers"]), target("Clean", []), target("Helpers", [], path: "Tests/Helpers")],
        ]
        let url = folder.appendingPathComponent("manifest.json")
        try JSONSerialization.data(withJSONObject: manifest).write(to: url)
        let run = try PackageScripts.run("check-dependencies", ["--package-path", folder.path, "--manifest-json", url.path])
        #expect(run.exitCode == 1, "\(run.output)")
        #expect(run.output.contains("test-machinery: product tool links the test machinery Helpers (Tool -> Core -> Helpers)"), "\(run.output)")
        #expect(!run.output.contains("product Clean"), "\(run.output)")
        #expect(run.output.contains("(1 finding(s))"), "\(run.output)")
    }
}

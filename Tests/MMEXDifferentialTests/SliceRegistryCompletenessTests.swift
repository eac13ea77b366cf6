import Foundation
import MMEXDifferential
import TestSupport
import Testing

/// A slice cannot be left out of the registry unnoticed: every repository key declared in Sources/ must belong to a
/// registered slice, and a key that does not is named with its file. (A slice one driver lacks is a compile error
/// instead: `MMEXRepository`'s initialisers require the key's conformances on both drivers.)
@Suite("Slice registry: a forgotten registry line is named")
struct SliceRegistryCompletenessTests {
    /// A repository key's declaration: `enum TagRepositoryKey: ReadableRepositoryKey` (or `RepositoryKey`).
    static let keyDeclaration =
        #"(?m)^\s*(?:public |package |internal )?(?:enum|struct|final class|class)\s+(\w+)\s*:[^{\n]*\b(?:Readable)?RepositoryKey\b"#

    /// The repository keys declared in `files`, key name -> file (relative to the repository's root).
    static func declaredKeys(in files: [URL]) throws -> [String: String] {
        let regex = try NSRegularExpression(pattern: keyDeclaration)
        var keys: [String: String] = [:]
        let root = SharedData.repositoryRoot.standardizedFileURL.path + "/"
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let path = file.standardizedFileURL.path.replacingOccurrences(of: root, with: "")
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let name = Range(match.range(at: 1), in: text) else { continue }
                keys[String(text[name])] = path
            }
        }
        return keys
    }

    /// Every Swift file under Sources/.
    static func sourceFiles() -> [URL] {
        let sources = SharedData.repositoryRoot.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(atPath: sources.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
            .map { sources.appendingPathComponent($0) }
    }

    /// The declared keys no slice of `slices` lists, each as a line naming the key, its file and what to do.
    static func unregistered(_ declared: [String: String], in slices: [PortedSlice]) -> [String] {
        let registered = Set(SliceRegistry.repositories(of: slices).map(\.keyName))
        return declared.filter { !registered.contains($0.key) }.sorted { $0.key < $1.key }.map { key, file in
            "\(key) (\(file)) is in no registered slice: add its slice's line to SliceRegistry.ported"
        }
    }

    @Test("every repository key declared in Sources belongs to a registered slice")
    func everyDeclaredKeyIsRegistered() throws {
        let missing = Self.unregistered(try Self.declaredKeys(in: Self.sourceFiles()), in: SliceRegistry.ported)
        #expect(missing.isEmpty, "\(missing.joined(separator: "\n"))")
    }

    @Test("the scan finds the key of every registered repository (so it cannot miss a forgotten one)")
    func scanFindsEveryRegisteredKey() throws {
        let declared = try Self.declaredKeys(in: Self.sourceFiles())
        let registered = SliceRegistry.repositories().map(\.keyName)
        #expect(!registered.isEmpty)
        #expect(Set(registered).isSubset(of: Set(declared.keys)), "\(Set(registered).subtracting(declared.keys))")
    }
}

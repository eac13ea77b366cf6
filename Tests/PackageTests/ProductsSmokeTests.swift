import Foundation
import Testing

@Suite("Library products")
struct ProductsSmokeTests {
    /// The first run compiles the products' modules into .build/products-smoke (minutes on a busy machine); later
    /// runs rebuild only what changed. `DRIVERPORT_SKIP_PRODUCTS_SMOKE=1` skips it (e.g. offline of a toolchain).
    @Test(
        "a package outside this one builds against the library products only (Examples/ProductsSmoke)",
        .enabled(
            if: ProcessInfo.processInfo.environment["DRIVERPORT_SKIP_PRODUCTS_SMOKE"] != "1",
            "DRIVERPORT_SKIP_PRODUCTS_SMOKE=1: the outside-package build is skipped"
        ),
        .enabled(if: PackageScripts.executableOnPath("swift") != nil, "swift is not on PATH: cannot build Examples/ProductsSmoke")
    )
    func outsidePackageBuildsAgainstProducts() throws {
        let run = try PackageScripts.run("build-products-smoke")
        #expect(run.exitCode == 0, "Examples/ProductsSmoke did not build against the products:\n\(run.output)")
        print("figures: products smoke build | seconds \(String(format: "%.1f", run.seconds))")
    }
}

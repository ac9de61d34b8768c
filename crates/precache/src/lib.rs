//! The service worker's precache list, made from the built folder itself: every file Trunk and
//! the site generator wrote (never a list kept by hand), and a version that is a hash of every
//! file's name and contents, which names the worker's cache. A build that changes any file has
//! a new version, so its worker installs into a cache of its own and a page never gets files
//! of two builds (`www/sw.js` says how the worker uses them). The files a strength downloads
//! ([`ON_DEMAND`]) are built but left out: the page fetches them only when that strength is
//! chosen, and keeps them for offline use itself.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The file the worker is written to, at the root of the build (its scope is the site's root).
pub const WORKER: &str = "sw.js";
/// The line of the template (`www/sw.js`) that the build's version and files replace.
pub const PLACEHOLDER: &str = "const BUILD = { version: 'unbuilt', files: [] };";

/// The files of the build fetched only when a strength needs them, never precached: Max's
/// network (megabytes that a player who never chooses Max does not download).
pub const ON_DEMAND: [&str; 1] = [solver::max::NETWORK_FILE];

/// Every file under `dist` (but the worker and [`ON_DEMAND`]'s), as paths relative to it with
/// `/` between parts, sorted.
pub fn files(dist: &Path) -> io::Result<Vec<String>> {
    let mut found = Vec::new();
    walk(dist, dist, &mut found)?;
    found.retain(|file| file != WORKER && !ON_DEMAND.contains(&file.as_str()));
    found.sort();
    Ok(found)
}

fn walk(root: &Path, dir: &Path, found: &mut Vec<String>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path: PathBuf = entry?.path();
        if path.is_dir() {
            walk(root, &path, found)?;
        } else {
            let relative = path.strip_prefix(root).expect("under the root");
            let parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
            found.push(parts.join("/"));
        }
    }
    Ok(())
}

/// FNV-1a, 64 bits: enough to tell builds apart (it names a cache; nothing trusts it).
fn fnv1a(hash: &mut u64, bytes: &[u8]) {
    for &byte in bytes {
        *hash ^= u64::from(byte);
        *hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
}

/// The build's version: a hash of each file's name, length and contents, in `files`' order,
/// and of the worker's template.
pub fn version(dist: &Path, files: &[String], template: &str) -> io::Result<String> {
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    for file in files {
        let bytes = fs::read(dist.join(file))?;
        fnv1a(&mut hash, file.as_bytes());
        fnv1a(&mut hash, &[0]);
        fnv1a(&mut hash, &(bytes.len() as u64).to_le_bytes());
        fnv1a(&mut hash, &bytes);
    }
    fnv1a(&mut hash, template.as_bytes());
    Ok(format!("{hash:016x}"))
}

/// The worker's script: the template with its placeholder line replaced by the build's
/// version and the addresses to keep, relative to the worker (the site's root, `./`, is the
/// game page as much as `index.html` is).
pub fn worker(template: &str, version: &str, files: &[String]) -> Result<String, String> {
    if template.matches(PLACEHOLDER).count() != 1 {
        return Err(format!("the worker's template must hold the line `{PLACEHOLDER}` once"));
    }
    let mut urls = Vec::with_capacity(files.len() + 1);
    if files.iter().any(|f| f == "index.html") {
        urls.push("./".to_owned());
    }
    urls.extend(files.iter().cloned());
    let build = serde_json::json!({ "version": version, "files": urls });
    Ok(template.replace(PLACEHOLDER, &format!("const BUILD = {build};")))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEMPLATE: &str =
        "// sw\nconst BUILD = { version: 'unbuilt', files: [] };\nconst CACHE = BUILD.version;\n";

    /// A built directory of the test's own, removed when the test ends.
    struct Dist(PathBuf);

    impl Drop for Dist {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    impl std::ops::Deref for Dist {
        type Target = Path;
        fn deref(&self) -> &Path {
            &self.0
        }
    }

    fn build(files: &[(&str, &str)]) -> Dist {
        let dir = std::env::temp_dir().join(format!("precache-test-{}-{}", std::process::id(), files.len()));
        let _ = fs::remove_dir_all(&dir);
        for (name, body) in files {
            let path = dir.join(name);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, body).unwrap();
        }
        Dist(dir)
    }

    #[test]
    fn every_built_file_is_listed_but_the_worker_itself_and_the_downloads() {
        let dist = build(&[
            ("index.html", "<p>"),
            ("site/rules.html", "r"),
            ("worker.js", "w"),
            ("sw.js", "old"),
            (solver::max::NETWORK_FILE, "megabytes"),
        ]);
        assert_eq!(files(&dist).unwrap(), ["index.html", "site/rules.html", "worker.js"]);
        let script = worker(TEMPLATE, "abc", &files(&dist).unwrap()).unwrap();
        assert!(script.contains(r#"const BUILD = {"files":["./","index.html","site/rules.html","worker.js"],"version":"abc"};"#), "{script}");
        assert!(!script.contains("unbuilt"));
    }

    #[test]
    fn any_change_to_any_file_changes_the_version() {
        let one = build(&[("index.html", "<p>"), ("worker.js", "w")]);
        let list = files(&one).unwrap();
        let first = version(&one, &list, TEMPLATE).unwrap();
        assert_eq!(first, version(&one, &list, TEMPLATE).unwrap(), "the same build, the same version");
        fs::write(one.join("worker.js"), "w2").unwrap();
        let second = version(&one, &list, TEMPLATE).unwrap();
        assert_ne!(first, second);
        assert_ne!(second, version(&one, &list, "const BUILD = { version: 'unbuilt', files: [] };").unwrap());
    }

    #[test]
    fn a_template_without_its_placeholder_is_refused() {
        assert!(worker("self.addEventListener('fetch', () => {});", "v", &[]).is_err());
    }
}

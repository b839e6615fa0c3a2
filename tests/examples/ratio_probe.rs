use arora_animation_module_dir::bundled_clip;
use arora_animation_tests::calls::{self, Opt};
use arora_animation_tests::engines::{guest_engine, host_engine};
use arora_types::call::CallBridge;
use arora_types::value::Value;
use std::time::Instant;

fn set_up(bridge: &mut dyn CallBridge) {
    let mut setup = vec![calls::load_clip(Value::from(bundled_clip()))];
    for player in 0..4 {
        setup.push(calls::create_player(Opt::Omitted));
        setup.push(calls::add_instance(player, 0));
        setup.push(calls::set_loop(player, "loop"));
        setup.push(calls::play(player));
    }
    for c in setup {
        c.send(bridge);
    }
}

fn main() {
    let call = calls::step_values(10_000_000, Opt::Omitted).call();
    let mut guest = guest_engine();
    set_up(&mut guest);
    let mut host = host_engine();
    set_up(&mut host);
    let (mut g, mut h) = (Vec::new(), Vec::new());
    for _ in 0..60 {
        let t = Instant::now();
        for _ in 0..2000 {
            std::hint::black_box(guest.arora_call(call.clone()).unwrap());
        }
        g.push(t.elapsed().as_nanos() as f64 / 2000.0);
        let t = Instant::now();
        for _ in 0..2000 {
            std::hint::black_box(host.arora_call(call.clone()).unwrap());
        }
        h.push(t.elapsed().as_nanos() as f64 / 2000.0);
    }
    let ratios: Vec<f64> = g.iter().zip(&h).map(|(a, b)| a / b).collect();
    let med = |v: &[f64]| {
        let mut v = v.to_vec();
        v.sort_by(|a, b| a.partial_cmp(b).unwrap());
        v[v.len() / 2]
    };
    let min = |v: &[f64]| v.iter().cloned().fold(f64::INFINITY, f64::min);
    println!(
        "guest median {:.0} ns min {:.0}; host median {:.0} ns min {:.0}; ratio median {:.2} (of mins {:.2})",
        med(&g),
        min(&g),
        med(&h),
        min(&h),
        med(&ratios),
        min(&g) / min(&h)
    );
}

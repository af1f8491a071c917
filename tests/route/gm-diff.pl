#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0-or-later
# Differential test: `kbug route --format=get-maintainer` against the
# kernel's own scripts/get_maintainer.pl --no-git --no-git-fallback -f,
# byte for byte, on the Debian linux-source-6.12 tree (TAP).
#
# Paths: KBUG_ROUTE_RANDOM (2000) files drawn at random from the tree (the
# seed is printed; KBUG_ROUTE_SEED=N replays), one file under every F:
# pattern that matches any, some directories, files only THE REST covers,
# and paths that do not exist; a share of them also with --bug.
#
# get_maintainer.pl orders sections of equal rank by Perl's randomized hash
# order, so its output for such a path varies from run to run (try
# PERL_HASH_SEED=1 and =2). kbug prints MAINTAINERS order, and with
# --all-tie-orders every output another order gives: a reference answer
# equal to kbug's is "exact"; equal to another order's, "tie"; else a
# mismatch, printed in full.
#
# Reference answers are cached in $KBUG_CACHE/route-ref/, keyed by the
# hashes of MAINTAINERS, .mailmap, get_maintainer.pl and perl's version.
use strict;
use warnings;
use Digest::SHA qw(sha1_hex);
use File::Find;
use FindBin;
use File::Temp qw(tempdir);
use POSIX ();

my $src = "$FindBin::Bin/../..";
my $kbug = $ENV{KBUG} // "$src/kbug";
my $tree = `$src/kernel/source.sh`;
chomp $tree;
die "no kernel tree\n" unless $tree && -f "$tree/scripts/get_maintainer.pl";
my $nrandom = $ENV{KBUG_ROUTE_RANDOM} // 2000;
my $seed = $ENV{KBUG_ROUTE_SEED} // (time() ^ $$) % 1000000;
my $jobs = $ENV{KBUG_ROUTE_JOBS} // 2;
srand($seed);
my $tmpdir = tempdir('kbug-gm-diff.XXXXXX', TMPDIR => 1, CLEANUP => 1);
my $seq = 0;
print "# seed $seed (replay with KBUG_ROUTE_SEED=$seed)\n";
print "# tree $tree\n";

# ---- the tree's files and directories ----
my (@files, @dirs);
find({ no_chdir => 1, wanted => sub {
	return if length($File::Find::name) <= length($tree);
	my $rel = substr($File::Find::name, length($tree) + 1);
	return if $rel eq '.kbug-unpacked';
	if (-d $_) { push @dirs, $rel } elsif (-f _) { push @files, $rel }
} }, $tree);
@files = sort @files;
@dirs = sort @dirs;
print "# ", scalar(@files), " files, ", scalar(@dirs), " directories\n";

# ---- one file under every F: pattern ----
sub slashes { my $s = shift; return ($s =~ tr@/@@) }
my (@fpaths, %seen_f, $npat, $nomatch);
open(my $mf, '<', "$tree/MAINTAINERS") or die;
while (<$mf>) {
	next unless /^F:\s*(.*)/;
	my $raw = $1;
	$npat++;
	my $re = $raw;
	$re =~ s@\.@\\\.@g;
	$re =~ s/\*/\.\*/g;
	$re =~ s/\?/\./g;
	my $isdir = -d "$tree/$re";
	$re =~ s@([^/])$@$1/@ if $isdir;
	my ($lit) = $raw =~ m@^([^*?\[\\(){}|+^\$]*)@;
	my $dirmode = substr($re, -1) eq '/';
	# binary search the first file >= the literal prefix
	my ($lo, $hi) = (0, scalar @files);
	while ($lo < $hi) {
		my $mid = int(($lo + $hi) / 2);
		if ($files[$mid] lt $lit) { $lo = $mid + 1 } else { $hi = $mid }
	}
	my $found;
	my $cre = eval { qr/^$re/ };
	next unless $cre;
	for (my $i = $lo; $i < @files && substr($files[$i], 0, length $lit) eq $lit; $i++) {
		my $f = $files[$i];
		next unless $f =~ $cre;
		next if !$dirmode && slashes($f) != slashes($re);
		$found = $f;
		last;
	}
	if (defined $found) {
		push @fpaths, $found unless $seen_f{$found}++;
	} else {
		$nomatch++;
	}
}
close($mf);
print "# $npat F: patterns: ", scalar(@fpaths), " distinct files, $nomatch match no file\n";

# ---- the other sets ----
my (@random, %picked);
while (@random < $nrandom && @random < @files) {
	my $f = $files[int(rand(@files))];
	push @random, $f unless $picked{$f}++;
}
my @dirset = map { $dirs[int(rand(@dirs))] } 1 .. 100;
push @dirset, qw(drivers drivers/net/ kernel/sched arch/x86/ ./fs/ext4);
my @rest = grep { !m@/@ } @files;
push @rest, qw(scripts/Makefile.build tools/Makefile samples/Kconfig);
my @absent = qw(no/such/file.c drivers/no-such-driver.c nothing.txt);
push @absent, "$tree/drivers/absent.c";
my @bug = ((map { $random[$_] } grep { $_ % 7 == 0 } 0 .. $#random), @fpaths[0 .. 299]);
my @odd = ("./drivers//net/ethernet/intel/e1000/e1000_main.c", "$tree/kernel/fork.c",
	   "drivers/gpu/drm/./i915/i915_drv.c");

my @sets = (
	[ 'random files', '', \@random ],
	[ 'one file under every F: pattern', '', \@fpaths ],
	[ 'directories', '', \@dirset ],
	[ 'files only THE REST covers', '', \@rest ],
	[ 'paths that do not exist', '', \@absent ],
	[ 'unusual spellings of paths', '', \@odd ],
	[ '--bug', '--bug', \@bug ],
);

# ---- reference answers: cache, then get_maintainer.pl for the rest ----
sub slurp { local $/; open(my $f, '<', shift) or return ''; binmode $f; return <$f> }
my $key = sha1_hex(join("\0", slurp("$tree/MAINTAINERS"), slurp("$tree/.mailmap"),
			slurp("$tree/scripts/get_maintainer.pl"), $^V));
my $cachedir = ($ENV{KBUG_CACHE} // '/var/cache/kbug') . '/route-ref';
my $cachefile = "$cachedir/$key.txt";
my %ref;
if (open(my $c, '<', $cachefile)) {
	binmode $c;
	local $/ = "\x1e\n";
	while (my $rec = <$c>) {
		chomp $rec;
		my ($mode, $path, $st, $out) = split(/\x1d/, $rec, 4);
		# an answer lost with a killed run is asked again, never kept
		$ref{"$mode\0$path"} = [ $out // '', $st ] if defined $st && $st ne 'lost';
	}
}
my $cached = scalar keys %ref;
my %want;
for my $s (@sets) {
	$want{"$s->[1]\0$_"} = 1 for @{ $s->[2] };
}
my @todo = grep { !exists $ref{$_} } sort keys %want;
print "# reference: $cached cached answers, ", scalar(@todo), " to compute ($cachefile)\n";


# Run argv in dir with @$lines on stdin; return its stdout (files, not pipes:
# no deadlock however long the answers are).
sub run_filter {
	my ($dir, $lines, @argv) = @_;
	my ($fi, $fo) = ("$tmpdir/in.$$." . $seq, "$tmpdir/out.$$." . $seq++);
	open(my $i, '>', $fi) or die "$fi: $!";
	binmode $i;
	print $i "$_\n" for @$lines;
	close($i);
	my $pid = fork();
	die "fork: $!" unless defined $pid;
	if (!$pid) {
		chdir $dir or POSIX::_exit(126);
		open(STDIN, '<', $fi) or POSIX::_exit(126);
		open(STDOUT, '>', $fo) or POSIX::_exit(126);
		open(STDERR, '>', '/dev/null');
		exec(@argv) or POSIX::_exit(127);
	}
	waitpid($pid, 0);
	my $out = slurp($fo);
	unlink $fi, $fo;
	return $out;
}

sub run_ref {
	my ($mode, @paths) = @_;
	my $all = run_filter($tree, \@paths, 'perl', "$FindBin::Bin/gm-ref.pl", $mode ? ($mode) : ());
	my @ans = split(/\x1f(\d+)\n/, $all // '', -1);
	my %r;
	for my $i (0 .. $#paths) {
		my ($o, $st) = ($ans[2 * $i], $ans[2 * $i + 1]);
		$r{$paths[$i]} = [ $o // '', $st // 'lost' ];
	}
	return \%r;
}

if (@todo) {
	my $t0 = time();
	my %bymode;
	for (@todo) { my ($m, $p) = split(/\0/, $_, 2); push @{ $bymode{$m} }, $p }
	my @chunks;
	for my $m (sort keys %bymode) {
		my @p = @{ $bymode{$m} };
		my $per = int((@p + $jobs - 1) / $jobs) || 1;
		push @chunks, [ $m, splice(@p, 0, $per) ] while @p;
	}
	my %kids;
	my $nchunk = 0;
	mkdir $cachedir;
	for my $ch (@chunks) {
		while (keys %kids >= $jobs) {
			my $done = waitpid(-1, 0);
			delete $kids{$done};
		}
		my $tmp = "$cachedir/.$key.part.$$." . $nchunk++;
		my $pid = fork();
		if (!$pid) {
			my ($m, @p) = @$ch;
			my $r = run_ref($m, @p);
			open(my $o, '>', $tmp) or die "cannot write $tmp: $!\n";
			binmode $o;
			print $o join("\x1d", $m, $_, $r->{$_}[1], $r->{$_}[0]), "\x1e\n"
				for grep { $r->{$_}[1] ne 'lost' } @p;
			close($o);
			POSIX::_exit(0);
		}
		$kids{$pid} = $tmp;
		push @{ $ch }, $tmp;
	}
	1 while waitpid(-1, 0) > 0;
	open(my $c, '>>', $cachefile) or warn "cannot write $cachefile: $!\n";
	binmode $c if $c;
	for my $ch (@chunks) {
		my $tmp = $ch->[-1];
		my $data = slurp($tmp);
		unlink $tmp;
		print $c $data if $c;
		for my $rec (split(/\x1e\n/, $data)) {
			my ($mode, $path, $st, $out) = split(/\x1d/, $rec, 4);
			$ref{"$mode\0$path"} = [ $out // '', $st ];
		}
	}
	close($c) if $c;
	my $dt = time() - $t0 || 1;
	printf "# get_maintainer.pl: %d paths in %ds on %d jobs (%.1f ms a path)\n",
		scalar(@todo), $dt, $jobs, 1000 * $dt * $jobs / @todo;
}

# keep the cache bounded: past 32 MB, keep only what this run used
if ((-s $cachefile // 0) > (32 << 20) && open(my $c, '>', "$cachefile.new")) {
	binmode $c;
	for my $k (sort keys %want) {
		my ($mode, $path) = split(/\0/, $k, 2);
		my $r = $ref{$k} or next;
		print $c join("\x1d", $mode, $path, $r->[1], $r->[0]), "\x1e\n";
	}
	close($c);
	rename("$cachefile.new", $cachefile);
}

# ---- kbug's answers ----
sub run_kbug {
	my ($mode, @paths) = @_;
	# kbug resolves paths in the tree (absolute ones lose the tree's prefix),
	# wherever it runs: run it elsewhere to show the cwd does not matter
	my $all = run_filter('/', \@paths, $kbug, 'route', '--format=get-maintainer',
			     '--maintainers', "$tree/MAINTAINERS", '--all-tie-orders', '--stdin',
			     $mode ? ($mode) : ());
	my @ans = split(/\x1f\n/, $all // '', -1);
	my %r;
	for my $i (0 .. $#paths) {
		my @alts = grep { length } split(/\x1e\x1e|\x1e/, $ans[$i] // '');
		$r{$paths[$i]} = \@alts;
	}
	return \%r;
}

my $n = 0;
my ($tot, $texact, $tties) = (0, 0, 0);
for my $s (@sets) {
	my ($name, $mode, $paths) = @$s;
	my %u;
	my @p = grep { !$u{$_}++ } @$paths;
	my $k = run_kbug($mode, @p);
	my ($exact, $ties, @bad) = (0, 0);
	for my $path (@p) {
		my ($want, $st) = @{ $ref{"$mode\0$path"} // [ '', 'missing' ] };
		my @alts = @{ $k->{$path} // [] };
		if ($st ne '0') {
			# get_maintainer.pl refused (no such file): kbug must print nothing
			if (!@alts) { $exact++ } else { push @bad, [ $path, "(exit $st, no output)", $alts[0] ] }
			next;
		}
		if (@alts && $alts[0] eq $want) {
			$exact++;
		} elsif (grep { $_ eq $want } @alts) {
			$ties++;
		} else {
			push @bad, [ $path, $want, $alts[0] // '(nothing)' ];
		}
	}
	$n++;
	$tot += @p;
	$texact += $exact;
	$tties += $ties;
	my $msg = sprintf("%s%s: %d paths, %d exact, %d equal up to the order of equally ranked " .
			  "sections, %d mismatches", $name, $mode ? " ($mode)" : '', scalar(@p),
			  $exact, $ties, scalar(@bad));
	print @bad ? "not ok $n - $msg\n" : "ok $n - $msg\n";
	for my $b (@bad[0 .. ($#bad < 9 ? $#bad : 9)]) {
		print "#   --- $b->[0]: get_maintainer.pl\n";
		print "#   $_\n" for split(/\n/, $b->[1]);
		print "#   +++ kbug\n";
		print "#   $_\n" for split(/\n/, $b->[2]);
	}
}
printf "# total: %d paths, %d exact (%.2f%%), %d tie-order, %d mismatched\n", $tot, $texact,
	100 * $texact / ($tot || 1), $tties, $tot - $texact - $tties;
print "1..$n\n";

#!/usr/bin/env bash
# Runs the part lines of a `csp ... --split N` file under MPI: every rank takes the lines whose
# number is its rank modulo the number of ranks, runs each (they are shell command lines), and
# writes the result lines to RESULTS.<rank>; then `csp merge --parts PARTS RESULTS.*` combines them.
#   mpirun -np 64 --hostfile hosts docs/scale-out/mpi_parts.sh parts.txt results
# The hand-out is static (line i to rank i mod size): split into many more parts than ranks so that
# the big and the small parts even out. Not tested here (no MPI on the machine these docs were
# written on); it needs only the rank and size that Open MPI, MPICH and Slurm's srun export.
set -euo pipefail
parts=$1
out=$2
rank=${OMPI_COMM_WORLD_RANK:-${PMI_RANK:-${SLURM_PROCID:-0}}}
size=${OMPI_COMM_WORLD_SIZE:-${PMI_SIZE:-${SLURM_NTASKS:-1}}}
awk -v r="$rank" -v s="$size" '(NR - 1) % s == r' "$parts" |
  while IFS= read -r line; do bash -c "$line" || true; done > "$out.$rank"

#!/usr/bin/env bash
# Trains the app's fax recognition model (assets/ocr/fax.traineddata.gz) from nothing, reproducibly: training lines
# drawn and sent as faxes by training-lines.ts, the dictionaries of the app's English language package, Debian's
# tesseract training tools (apt-get install tesseract-ocr). Two stages: the network first learns to read at all on
# clean fine lines (seed 31; from nothing it does not start on the degraded ones: 19,000 steps at 100 % error), then
# goes on with fax lines as senders send them (seeds 41 and 42; seed 43 held out for the trainer's own evaluation).
# A third stage, off unless its steps are given (the shipped model has two): halftones — photo mode by an ordered
# dither, text on grey —, form lines with wide gaps and lines cut as a page's neighbours leave them (seed 44, beside
# seed 42's lines; seed 45 held out). What it read and why it is not shipped: docs/technical/architecture.md.
# Writes <work>/fax.traineddata (integer weights: tesseract.js's WebAssembly reads no float model).
# Usage: bash scripts/ocr-model/train-fax-model.sh <work-dir> [lines-per-seed] [clean-steps] [steps] [halftone-steps, 0]
# (the third stage as measured: 20000 steps)
set -euo pipefail
work=${1:?work dir}
lines=${2:-20000}
clean_steps=${3:-15000}
steps=${4:-40000}
halftone_steps=${5:-0}
halftone_lines=16000
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
mkdir -p "$work"
cd "$work"

# The English and German dictionaries, as word lists (the training text's words; the model's word list).
for language in eng deu; do
  if [ ! -s "$language.words" ]; then
    zcat "$repo/node_modules/@tesseract.js-data/$language/4.0.0_best_int/$language.traineddata.gz" > "$language.traineddata"
    combine_tessdata -u "$language.traineddata" "$language." > /dev/null
    dawg2wordlist "$language.lstm-unicharset" "$language.lstm-word-dawg" "$language.words" > /dev/null
    dawg2wordlist "$language.lstm-unicharset" "$language.lstm-punc-dawg" "$language.punc" > /dev/null
    dawg2wordlist "$language.lstm-unicharset" "$language.lstm-number-dawg" "$language.numbers" > /dev/null
  fi
done

seeds="31 41 42 43"
[ "$halftone_steps" -gt 0 ] && seeds="$seeds 44 45"
for seed in $seeds; do
  count=$lines mode=
  [ "$seed" = 43 ] && count=300
  [ "$seed" = 31 ] && count=12000 mode=clean
  [ "$seed" = 44 ] && count=$halftone_lines mode=halftone
  [ "$seed" = 45 ] && count=300 mode=halftone
  if [ ! -d "lines$seed" ]; then
    (cd "$repo" && npx tsx scripts/ocr-model/training-lines.ts "$work/lines$seed" "$seed" "$count" "$work" $mode)
  fi
  find "$work/lines$seed" -name '*.png' | sed 's/\.png$//' | while read -r base; do [ -s "$base.lstmf" ] || echo "$base"; done |
    xargs -P "$(nproc)" -I{} sh -c 'tesseract {}.png {} --psm 13 lstm.train > /dev/null 2>&1'
done
find "$work/lines31" -name '*.lstmf' | sort > clean.list
find "$work/lines41" "$work/lines42" -name '*.lstmf' | sort > train.list
find "$work/lines43" -name '*.lstmf' | sort > eval.list

# The model's characters: every one the training text has, and the alphabet the names need.
find lines31 lines41 lines42 -name '*.gt.txt' -exec cat {} + > all-text.txt
cat "$here/alphabet.txt" >> all-text.txt
unicharset_extractor --output_unicharset fax.unicharset --norm_mode 1 all-text.txt > /dev/null
python3 "$here/fit-wordlists.py" fax.unicharset eng.words eng.punc eng.numbers
mkdir -p langdata starter/fax
cp eng.lstm-unicharset langdata/Latin.unicharset
cp eng.lstm-unicharset langdata/Common.unicharset
printf '4E00\t1.1\n' > langdata/radical-stroke.txt
combine_lang_model --input_unicharset fax.unicharset --script_dir langdata --words fax.words --puncs fax.punc --numbers fax.numbers \
  --lang fax --output_dir starter --pass_through_recoder > /dev/null 2>&1
size=$(head -1 fax.unicharset)

mkdir -p checkpoints
net="[1,36,0,1 Ct3,3,16 Mp3,3 Lfys48 Lfx96 Lrx96 Lfx192 O1c$size]"
if [ ! -s checkpoints/clean_checkpoint ] || ! grep -q "Finished" clean-training.log 2>/dev/null; then
  OMP_THREAD_LIMIT=1 lstmtraining --traineddata starter/fax/fax.traineddata --net_spec "$net" \
    --model_output checkpoints/clean --learning_rate 20e-4 \
    --train_listfile clean.list --eval_listfile eval.list --max_iterations "$clean_steps" --debug_interval 0 > clean-training.log 2>&1
fi
# The trainer resumes from a checkpoint of the output's name when one is there: the second stage starts afresh
# (from the first stage's weights, its step count from 0).
rm -f checkpoints/fax_*
OMP_THREAD_LIMIT=1 lstmtraining --traineddata starter/fax/fax.traineddata --continue_from checkpoints/clean_checkpoint \
  --model_output checkpoints/fax --learning_rate 20e-4 \
  --train_listfile train.list --eval_listfile eval.list --max_iterations "$steps" --debug_interval 0 > training.log 2>&1
last=fax
if [ "$halftone_steps" -gt 0 ]; then
  # The trainer takes its lines in the list's order: the halftone lines and as many of seed 42's, one after the other
  # (listed one folder after the other, 16,000 steps met only seed 42's lines again: measured).
  paste -d '\n' <(find "$work/lines44" -name '*.lstmf' | sort) <(find "$work/lines42" -name '*.lstmf' | sort | head -n "$halftone_lines") > halftone.list
  find "$work/lines45" -name '*.lstmf' | sort > halftone-eval.list
  rm -f checkpoints/halftone_*
  OMP_THREAD_LIMIT=1 lstmtraining --traineddata starter/fax/fax.traineddata --continue_from checkpoints/fax_checkpoint \
    --model_output checkpoints/halftone --learning_rate 20e-4 \
    --train_listfile halftone.list --eval_listfile halftone-eval.list --max_iterations "$halftone_steps" --debug_interval 0 > halftone-training.log 2>&1
  last=halftone
fi
lstmtraining --stop_training --convert_to_int --continue_from "checkpoints/${last}_checkpoint" --traineddata starter/fax/fax.traineddata --model_output fax.traineddata

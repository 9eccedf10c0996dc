kakuro
title "Eight 3"
by "Hanjie generator"
license MIT
difficulty 2
seed 302
size 8x8

grid
#     #     #     #     #     22\   17\   #
#     #     #     16\   4\16  .     .     #
#     #     10\14 .     .     .     .     #
#     \12   .     .     .     .     6\    #
#     3\4   .     .     3\3   .     .     #
\22   .     .     .     .     .     .     #
\4    .     .     \6    .     .     .     #
#     #     #     #     #     #     #     #

solution
# # # # # # # #
# # # # # 7 9 #
# # # 1 3 2 8 #
# # 2 5 1 4 # #
# # 1 3 # 1 2 #
# 2 4 7 1 5 3 #
# 1 3 # 2 3 1 #
# # # # # # # #
